import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * Starts a worker thread on a module of this code base. Built, it is the module's `.js`; run from the
 * sources (tests, `jest`), the thread has no TypeScript loader of its own, so it is given one: each
 * `.ts` file it requires is compiled by swc, as jest's transform does (and `.ts` becomes an extension
 * `require` tries, so the sources' extensionless imports resolve).
 */
export function startThread(file: string, options: { workerData: unknown; resourceLimits?: ResourceLimits }): Worker {
  if (!file.endsWith('.ts')) return new Worker(file, { ...options, stdout: false, stderr: false });
  return new Worker(SOURCE_LOADER, { ...options, eval: true, argv: [file] });
}

const SOURCE_LOADER = `
const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2023', keepClassNames: true },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
require(process.argv[2]);
`;
