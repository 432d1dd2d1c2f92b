import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

interface LockedPackage {
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** Where Node would find `name` from the package at `from` (a `node_modules/...` key of the lock). */
function resolveInLock(packages: Record<string, LockedPackage>, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (candidate in packages) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

describe('package-lock.json', () => {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> };
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as LockedPackage;

  // `npm ci` calls the lock out of sync ("Missing: @swc/core-darwin-arm64@ from lock file") when an
  // optional binary for another platform is missing from it, which happens when the registry that
  // wrote the lock lacked that version. Pin such packages (package.json `overrides`) instead.
  it('holds every optional platform package of every locked package, so `npm ci` accepts it', () => {
    const missing = Object.entries(lock.packages).flatMap(([key, pkg]) =>
      Object.keys(pkg.optionalDependencies ?? {})
        .filter((name) => resolveInLock(lock.packages, key, name) === undefined)
        .map((name) => `${key || 'the project'} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('was written from this package.json', () => {
    expect(lock.packages[''].dependencies).toEqual(manifest.dependencies);
    expect(lock.packages[''].devDependencies).toEqual(manifest.devDependencies);
  });
});
