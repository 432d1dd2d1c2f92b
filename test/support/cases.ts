/** What the area's case files share and close once, after the last of them (one Chromium per browser area). */
const atAreaEnd: (() => Promise<void>)[] = [];

/** Closes `close` once the area's last case file is done. */
export function whenAreaEnds(close: () => Promise<void>): void {
  atAreaEnd.push(close);
}

/**
 * One jest file per area and kind runs every case file of its folder (which ones: case-files.js), each inside a
 * describe named after it, where its hooks and tests stay scoped. Why not a jest file each: jest loads the whole module
 * graph again for every file (the app, Nest, Prisma's query compiler: about 2.4 s of CPU before a file's first test),
 * and once per area is enough (docs/decisions.md, "Sixth pass"). Each case file still starts its own app on its own
 * database. One case file alone: `npx jest test/<area> -t <its name>`.
 */
export function describeCases(jestFile: string): void {
  const { caseFiles } = require('./case-files') as { caseFiles(jestFile: string): { name: string; path: string }[] | null };
  const files = caseFiles(jestFile);
  if (!files?.length) throw new Error(`${jestFile} runs no case file: see test/support/case-files.js`);
  for (const { name, path } of files) {
    describe(name, () => {
      require(path);
    });
  }
  afterAll(async () => {
    for (const close of atAreaEnd.splice(0)) await close();
  });
}
