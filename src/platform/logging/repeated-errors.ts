/** Warnings and errors of one cause are written once per this window, then once more with how many were left out. */
export const REPEAT_WINDOW_MS = 10_000;

type LogArgs = unknown[];

/** The cause of a log call: its level, its message and its error's message (not its time, ids or counts). */
function causeOf(level: number, args: LogArgs): string {
  const [first, second] = args;
  const message = typeof first === 'string' ? first : typeof second === 'string' ? second : '';
  const err = first && typeof first === 'object' ? (first as { err?: unknown }).err : undefined;
  const errMessage = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  return `${level}\u0000${message}\u0000${errMessage}`;
}

/**
 * A pino `logMethod` hook that keeps an outage from flooding the log: the first warning or error of a
 * cause is written, the same cause again within REPEAT_WINDOW_MS is only counted, and the count is
 * written with the next one after the window ("...", repeated: 311) or, if none comes, when the window
 * ends. A database cut of 25 s is a handful of lines, not thousands.
 */
export class RepeatedErrors {
  private readonly seen = new Map<string, { until: number; left: number; args: LogArgs; write: (args: LogArgs) => void }>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.timer = setInterval(() => this.flush(), REPEAT_WINDOW_MS);
    this.timer.unref();
  }

  /** Whether to write this call now; `write` writes a call at its own level (for the count written later). */
  pass(level: number, args: LogArgs, write: (args: LogArgs) => void): boolean {
    if (level < 40) return true;
    const cause = causeOf(level, args);
    const known = this.seen.get(cause);
    const now = this.now();
    if (known && now < known.until) {
      known.left++;
      known.args = args;
      return false;
    }
    if (known && known.left > 0) write(withCount(known.args, known.left));
    this.seen.set(cause, { until: now + REPEAT_WINDOW_MS, left: 0, args, write });
    return true;
  }

  /** Writes the counts of windows that have ended, and forgets them. */
  flush(): void {
    const now = this.now();
    for (const [cause, entry] of this.seen) {
      if (now < entry.until) continue;
      if (entry.left > 0) entry.write(withCount(entry.args, entry.left));
      this.seen.delete(cause);
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** The last call of a cause, with how many like it were left out. */
function withCount(args: LogArgs, left: number): LogArgs {
  const [first, ...rest] = args;
  if (first && typeof first === 'object' && !(first instanceof Error)) return [{ ...(first as object), repeated: left }, ...rest];
  return [{ repeated: left }, first, ...rest];
}
