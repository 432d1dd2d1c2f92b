const { readdirSync } = require('node:fs');
const { basename, dirname, join } = require('node:path');

/**
 * The case files one jest file of an area runs (test/support/cases.ts), in order, or null for any other jest file:
 * - `test/<area>/<area>.test.ts` runs `test/<area>/*.cases.ts` (the integration cases);
 * - `test/<area>/browser.test.ts` runs `test/<area>/*.browser.ts` (the walks that drive Chromium).
 * Plain JavaScript: the sequencer (jest loads it untransformed) reads it too, to weigh a file it has no time for.
 * @param {string} jestFile
 * @returns {{ name: string; path: string }[] | null}
 */
function caseFiles(jestFile) {
  const folder = dirname(jestFile);
  const file = basename(jestFile);
  const suffix = file === 'browser.test.ts' ? '.browser.ts' : file === `${basename(folder)}.test.ts` ? '.cases.ts' : null;
  if (!suffix) return null;
  return readdirSync(folder)
    .filter((name) => name.endsWith(suffix))
    .sort()
    .map((name) => ({ name: name.slice(0, -suffix.length), path: join(folder, name) }));
}

module.exports = { caseFiles };
