import { Writable } from 'node:stream';
import { createLogger } from './logger';
import { REPEAT_WINDOW_MS, RepeatedErrors } from './repeated-errors';

describe('errors of one cause, repeated', () => {
  it('writes the first, counts the rest of its window, and writes the count with the next one after it', () => {
    let now = 0;
    const written: unknown[][] = [];
    const repeated = new RepeatedErrors(() => now);
    const log = (args: unknown[]) => (repeated.pass(50, args, (again) => written.push(again)) ? written.push(args) : undefined);
    const outage = new Error('Can\'t reach database server at 127.0.0.1:5432');
    for (let i = 0; i < 300; i++) log([{ err: outage, attempt: i }, 'delivery sweep failed; will retry']);
    log([{ err: new Error('another cause') }, 'delivery sweep failed; will retry']);
    expect(written).toHaveLength(2);
    now += REPEAT_WINDOW_MS;
    log([{ err: outage, attempt: 300 }, 'delivery sweep failed; will retry']);
    expect(written.slice(2)).toEqual([[{ err: outage, attempt: 299, repeated: 299 }, 'delivery sweep failed; will retry'], [{ err: outage, attempt: 300 }, 'delivery sweep failed; will retry']]);
    // The outage ends: the last window's count is written when it closes.
    log([{ err: outage }, 'delivery sweep failed; will retry']);
    now += REPEAT_WINDOW_MS;
    repeated.flush();
    expect(written.at(-1)).toEqual([{ err: outage, repeated: 1 }, 'delivery sweep failed; will retry']);
    repeated.stop();
  });

  it('leaves information and debug lines alone, and is on in the root logger', () => {
    const lines: string[] = [];
    const destination = new Writable({ write: (chunk, _encoding, done) => { lines.push(String(chunk)); done(); } });
    const logger = createLogger({ role: 'api', logLevel: 'info', logFormat: 'json' }, destination).child({ module: 'relay' });
    for (let i = 0; i < 50; i++) logger.error({ err: new Error('connect ECONNREFUSED 127.0.0.1:6379') }, 'Redis connection error');
    for (let i = 0; i < 3; i++) logger.info({ i }, 'request');
    expect(lines.filter((l) => l.includes('Redis connection error'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('"request"'))).toHaveLength(3);
  });
});
