import { Writable } from 'node:stream';
import { requestIdOf, runJob } from '../messaging/job-queue';
import { currentRequestId, withLogContext } from './log-context';
import { createLogger } from './logger';

/** The root logger as the app builds it, its JSON lines kept. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(...String(chunk).split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>)), done()) });
  return { lines, log: createLogger({ role: 'worker', logLevel: 'info', logFormat: 'json' }, sink).child({ module: 'mail' }) };
}

describe('the log context', () => {
  it('names the request on every line written for it, across awaits, and on no line outside it', async () => {
    const { lines, log } = capture();
    await withLogContext({ requestId: 'req-0001' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.info('inside');
      expect(currentRequestId()).toBe('req-0001');
    });
    log.info('outside');
    expect(lines.map((l) => [l.msg, l.requestId])).toEqual([['inside', 'req-0001'], ['outside', undefined]]);
    expect(currentRequestId()).toBeUndefined();
  });

  it("lets a line's own field win, and never keeps a line's fields for the next one", () => {
    const { lines, log } = capture();
    withLogContext({ requestId: 'req-0002' }, () => {
      log.info({ requestId: 'explicit', to: 'a@b.cl' }, 'first');
      log.info('second');
    });
    expect(lines.map((l) => [l.requestId, l.to])).toEqual([['explicit', 'a@b.cl'], ['req-0002', undefined]]);
  });

  it("runs a job with its queue and id, and the request its data names; a job no request caused names none", async () => {
    const { lines, log } = capture();
    const handler = async () => void log.info('working');
    await runJob('events.account-mails', { id: 'account-mails-7', name: 'PasswordRecoveryRequested', data: { eventId: '7', requestId: 'req-0003' }, attempt: 1 }, handler);
    await withLogContext({ requestId: 'outer-req' }, () => runJob('reports.access-log', { id: 'b1', name: 'access', data: { entries: [] }, attempt: 1 }, handler));
    expect(lines.map((l) => [l.queue, l.jobId, l.requestId])).toEqual([
      ['events.account-mails', 'account-mails-7', 'req-0003'],
      // Not the request that happened to be running when the batch was handed over: nothing invented.
      ['reports.access-log', 'b1', undefined],
    ]);
  });

  it('reads a request id only from object data that names one as a string', () => {
    expect(requestIdOf({ eventId: '1', requestId: 'req-0004' })).toBe('req-0004');
    expect(requestIdOf({ eventId: '1' })).toBeUndefined();
    expect(requestIdOf({ requestId: 12 })).toBeUndefined();
    expect(requestIdOf(null)).toBeUndefined();
    expect(requestIdOf('req-0005')).toBeUndefined();
  });
});
