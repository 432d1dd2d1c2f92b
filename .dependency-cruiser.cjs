/**
 * The boundaries of the code, checked by `npm test` (npm run lint:boundaries).
 * A module is `src/modules/<context>` or, inside the catalogue, `src/modules/catalogue/<part>`.
 */
const MODULE = '^src/modules/(catalogue/[^/]+|[^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means a boundary is wrong: move the shared piece down or invert the dependency.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'platform-never-imports-modules',
      severity: 'error',
      comment: 'The platform serves every module and knows none; modules register with it (consumers, readiness checks).',
      from: { path: '^src/platform/' },
      to: { path: '^src/(modules|cli)/' },
    },
    {
      name: 'modules-only-through-index',
      severity: 'error',
      comment: "Another module is reached only through its index.ts (its events, errors and Nest module), never its inner files.",
      from: { path: MODULE },
      to: { path: '^src/modules/', pathNot: ['^src/modules/$1/', `${MODULE}index\\.ts$`] },
    },
    {
      name: 'controllers-never-touch-prisma',
      severity: 'error',
      comment: 'Controllers turn requests into commands and queries; handlers and repositories talk to the database.',
      from: { path: '/http/' },
      to: { path: '^src/(generated/|platform/database/prisma\\.service)' },
    },
    {
      name: 'contracts-are-self-contained',
      severity: 'error',
      comment: 'The wire types are imported by the web build too: they may not pull in server code.',
      from: { path: '^src/contracts/' },
      to: { pathNot: '^src/contracts/' },
    },
    {
      name: 'web-imports-only-contracts-from-server',
      severity: 'error',
      comment: 'The web app shares the wire types and nothing else of the server.',
      from: { path: '^web/src/' },
      to: { path: '^src/', pathNot: '^src/contracts/' },
    },
    {
      name: 'storefront-never-imports-backoffice',
      severity: 'error',
      comment: 'The back office is a lazy chunk of its own; the storefront a patient loads on a phone must not pull it in.',
      from: { path: '^web/src/storefront/' },
      to: { path: '^web/src/backoffice/' },
    },
    {
      name: 'backoffice-never-imports-storefront',
      severity: 'error',
      comment:
        'Each shell stands on its own; what both use (sign-in, an order\'s parts, formatting) lives in web/src/shared, ' +
        'web/src/api or web/src/app.',
      from: { path: '^web/src/backoffice/' },
      to: { path: '^web/src/storefront/' },
    },
    {
      name: 'shared-never-imports-shells',
      severity: 'error',
      comment: 'The pieces both shells import (shared, api, theme) know neither; only app/ (router, store) composes them.',
      from: { path: '^web/src/(shared|api|theme)/' },
      to: { path: '^web/src/(storefront|backoffice)/' },
    },
    {
      name: 'server-never-imports-web',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^web/' },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', '^src/generated/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mts'] },
  },
};
