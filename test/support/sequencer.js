const Sequencer = require('@jest/test-sequencer').default;

/**
 * Jest's own order (the last run's failures first, then the slowest files by the last run's times), except that the
 * files it has no time for yet, every file on a clean clone as in CI, start with the browser walks: a walk takes
 * 10-170 s against a few seconds for most other files, and a long one started last would run alone at the end while
 * the other worker waits.
 */
module.exports = class WalksFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const untimed = sorted.filter((test) => test.duration == null);
    const walk = (test) => test.context.config.displayName?.name === 'browser';
    return [...untimed.filter(walk), ...untimed.filter((test) => !walk(test)), ...sorted.filter((test) => test.duration != null)];
  }
};
