// Preloaded into the Prisma CLI: its WASM engine leaves a long timer alive, so the
// CLI lingers 10–60 s after it has finished. Unref'd timers let the process exit.
const original = global.setTimeout;
global.setTimeout = function (fn, ms, ...args) {
  const timer = original(fn, ms, ...args);
  if (ms >= 1000 && timer && typeof timer.unref === 'function') timer.unref();
  return timer;
};
