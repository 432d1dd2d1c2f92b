import { hashPasswordsAtMinimumCost } from '../../src/platform/security/passwords';

// Every app a test file starts hashes passwords at argon2's minimum cost (2 ms of CPU instead of 160): the suites make
// about 440 hashes. The full cost is proven once, in src/platform/security/passwords.spec.ts.
hashPasswordsAtMinimumCost();
