const { statSync } = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;
const { caseFiles } = require('./case-files');

/** What a jest file has to run, in bytes (an area's file: its case files): how long it takes, when no run timed it. */
function weight(path) {
  return (caseFiles(path) ?? [{ path }]).reduce((sum, file) => sum + statSync(file.path).size, 0);
}

/**
 * Jest's own order (the last run's failures first, then the slowest files by the last run's times), except for the
 * files it has no time for yet, every file on a clean clone as in CI: the browser walks first, then the others, each
 * the heaviest first. With five browser files of 13-215 s on two workers, a heavy one started last runs alone at the
 * end while the other worker waits.
 */
module.exports = class HeaviestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const untimed = sorted.filter((test) => test.duration == null).map((test) => ({ test, weight: weight(test.path) })).sort((a, b) => b.weight - a.weight).map(({ test }) => test);
    const walk = (test) => test.context.config.displayName?.name === 'browser';
    return [...untimed.filter(walk), ...untimed.filter((test) => !walk(test)), ...sorted.filter((test) => test.duration != null)];
  }
};
