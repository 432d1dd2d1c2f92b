import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One jest file per area and kind runs every case file of its folder, each inside a describe named after it, where
 * its hooks and tests stay scoped:
 * - `test/<area>/<area>.test.ts` runs the integration cases, `*.cases.ts` (jest project `integration`);
 * - `test/<area>/browser.test.ts` runs the walks that drive Chromium, `*.browser.ts` (jest project `browser`).
 * Why not a jest file each: jest loads the whole module graph again for every file (the app, Nest, Prisma's query
 * compiler: about 2.4 s of CPU before a file's first test), and once per area is enough (docs/decisions.md, "Sixth
 * pass"). Each case file still starts its own app on its own database. One case file alone:
 * `npx jest test/<area> -t <its name>`.
 */
export function describeCases(folder: string, kind: 'cases' | 'browser'): void {
  const suffix = `.${kind}.ts`;
  const files = readdirSync(folder).filter((file) => file.endsWith(suffix)).sort();
  if (files.length === 0) throw new Error(`no *${suffix} in ${folder}`);
  for (const file of files) {
    describe(file.slice(0, -suffix.length), () => {
      require(join(folder, file));
    });
  }
}
