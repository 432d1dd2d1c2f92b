import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One jest file per area (`test/<area>/<area>.test.ts`) runs every case file of its folder (`*.cases.ts`), each in a
 * describe named after it, where its hooks and tests stay scoped. Why not a jest file each: jest loads the whole module
 * graph again for every file (the app, Nest, Prisma's query compiler: about 2.4 s of CPU before a file's first test),
 * and once per area is enough (docs/decisions.md, "Sixth pass"). A file's cases start apps of their own, as before.
 * One case file alone: `npx jest test/<area> -t <case file's name>`.
 */
export function describeCases(folder: string): void {
  const files = readdirSync(folder).filter((file) => file.endsWith('.cases.ts')).sort();
  if (files.length === 0) throw new Error(`no *.cases.ts in ${folder}`);
  for (const file of files) {
    describe(file.slice(0, -'.cases.ts'.length), () => {
      require(join(folder, file));
    });
  }
}
