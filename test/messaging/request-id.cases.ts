import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { PasswordRecoveryRequested } from '../../src/modules/identity/identity.events';
import { SEARCH_PROJECTOR } from '../../src/modules/search/consumers/search-projector.consumer';
import { createLogger } from '../../src/platform/logging/logger';
import { eventQueueName } from '../../src/platform/messaging/event-consumers';
import { Outbox } from '../../src/platform/messaging/outbox';
import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, signIn } from '../support/accounts';
import { waitFor } from '../support/wait';

/**
 * Issue 28, item 3: the id of the request that caused some work (X-Request-Id) travels with it, through the outbox
 * and the queue, to the log lines the worker writes for it.
 */
describe('the request id, through the outbox to the worker', () => {
  let t: TestApp;
  let admin: string;
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(...String(chunk).split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>)), done()) });

  beforeAll(async () => {
    t = await startTestApp({ logger: createLogger({ role: 'all', logLevel: 'info', logFormat: 'json' }, sink) });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
  }, 120_000);
  afterAll(() => t.close());

  const mailLines = () => Promise.resolve(lines.filter((l) => l.msg === 'mail written (no SMTP_URL)'));

  it('is kept with the events a request records, and handed to their jobs', async () => {
    const offer = await t.prisma.laboratoryExam.findFirstOrThrow({ where: { status: 'AUTHORIZED', isActive: true }, orderBy: { id: 'asc' } });
    const answer = await t.http.post(`/api/laboratory-exam/${offer.id}`).set('Authorization', `Bearer ${admin}`).set('X-Request-Id', 'test-123').send({ price: offer.price + 10 });
    expect(answer.body.code).toBe(200);
    expect(answer.headers['x-request-id']).toBe('test-123');

    const event = await t.prisma.outboxEvent.findFirstOrThrow({ where: { type: 'LaboratoryExamPriceChanged', aggregateId: String(offer.id) }, orderBy: { id: 'desc' } });
    expect(event.requestId).toBe('test-123');

    const { redis } = t.app.get<AppConfig>(APP_CONFIG);
    const queue = new Queue(eventQueueName(SEARCH_PROJECTOR), { connection: { url: redis!.url }, prefix: redis!.prefix });
    try {
      const job = await waitFor(() => queue.getJob(`${SEARCH_PROJECTOR}-${event.id}`), (found) => found !== undefined);
      expect(job?.data).toEqual({ eventId: String(event.id), requestId: 'test-123' });
    } finally {
      await queue.close();
    }
  });

  it("is on the consumer's log lines for that event's job", async () => {
    const recovery = await t.http.post('/api/jwt/recovery-password').set('X-Request-Id', 'recovery-0042').send({ email: ADMIN.email });
    expect(recovery.body.code).toBe(200);

    const [line] = (await waitFor(mailLines, (found) => found.some((l) => l.requestId === 'recovery-0042'))).filter((l) => l.requestId === 'recovery-0042');
    expect(line).toMatchObject({ module: 'mail', requestId: 'recovery-0042', queue: 'events.account-mails', jobId: expect.stringMatching(/^account-mails-\d+$/) });
    // The reset link's token is in the mail, never in its log line.
    expect(JSON.stringify(line)).not.toMatch(/token=/);
  });

  it('goes with an import the request confirmed, to the events its job records', async () => {
    // Last year's FONASA edition: it changes the seed's exams, so the job records events of its own.
    const file = readFileSync(join(__dirname, '../../data/reference/fonasa-lab-exams-2025.csv'));
    const answer = await t.http.post('/api/exam-import').set('Authorization', `Bearer ${admin}`).set('X-Request-Id', 'import-0007').field('confirm', 'true').attach('file', file, 'fonasa.csv');
    expect(answer.body.code).toBe(200);
    const importId: number = answer.body.data.import.id;

    const done = () => t.prisma.outboxEvent.findMany({ where: { type: 'ImportFinished', aggregateId: String(importId) } });
    expect(await waitFor(done, (rows) => rows.length > 0, 60_000)).toEqual([expect.objectContaining({ requestId: 'import-0007' })]);
    const recordedByTheJob = await t.prisma.outboxEvent.findMany({ where: { type: 'ExamsImported' }, select: { requestId: true } });
    expect(recordedByTheJob.length).toBeGreaterThan(0);
    expect(recordedByTheJob.every((row) => row.requestId === 'import-0007')).toBe(true);
  });

  it('is not made up for work no request caused: its lines name their job only', async () => {
    // As a periodic job would record it: outside any request.
    await t.prisma.$transaction((tx) => t.app.get(Outbox).record(tx, [PasswordRecoveryRequested({ email: ADMIN.email })]));
    const event = await t.prisma.outboxEvent.findFirstOrThrow({ where: { type: PasswordRecoveryRequested.type }, orderBy: { id: 'desc' } });
    expect(event.requestId).toBeNull();

    const jobId = `account-mails-${event.id}`;
    const [line] = (await waitFor(mailLines, (found) => found.some((l) => l.jobId === jobId))).filter((l) => l.jobId === jobId);
    expect(line).toMatchObject({ queue: 'events.account-mails', jobId });
    expect(line).not.toHaveProperty('requestId');
  });
});
