import { ADMIN } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app';
import { readMailbox } from '../support/mailbox';
import { waitFor } from '../support/wait';

/**
 * Issue 15, item 6: the contact form and the sign-up make us mail addresses nobody verified. Such
 * mail carries no text the caller chose, and one address gets it a few times an hour at most,
 * from however many sources; the requests themselves still succeed.
 */
describe('mail to unverified addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 0 });
  }, 120_000);
  afterAll(() => t.close());

  const to = async (address: string, subject: string) => (await readMailbox(t.dataDir)).filter((m) => m.to === address && m.subject.startsWith(subject));

  it('sends a contact receipt without the message, three times an hour at most, while administrators get every message', async () => {
    const spam = 'Gana dinero ya en http://spam.example/oferta';
    for (let i = 0; i < 6; i++) {
      const answer = await t.http.post('/api/auth/contact-up').set('X-Forwarded-For', `203.0.113.${i + 1}`).send({ name: 'Visita http://spam.example', email: 'victima@example.cl', subject: `Hola ${i}`, message: spam });
      expect(answer.body.code).toBe(200);
    }
    const notices = await waitFor(() => to(ADMIN.email, 'Nuevo mensaje de contacto'), (mails) => mails.length === 6);
    expect(notices.every((m) => m.text.includes(spam))).toBe(true);
    const receipts = await to('victima@example.cl', 'Recibimos tu mensaje');
    expect(receipts).toHaveLength(3);
    for (const receipt of receipts) expect(receipt.text).not.toContain('spam.example');
  });

  it('tells a registered address of sign-ups with it three times an hour at most, and welcomes without the typed name', async () => {
    expect((await t.http.post('/api/auth/sign-up').send({ firstName: 'http://spam.example', lastName: 'X', email: 'duena@example.cl', password: 'clave-de-la-duena-1' })).body.code).toBe(200);
    const [welcome] = await waitFor(() => to('duena@example.cl', 'Bienvenido a CotizaLab'), (mails) => mails.length === 1);
    expect(welcome.text).not.toContain('spam.example');
    for (let i = 0; i < 5; i++) {
      const again = await t.http.post('/api/auth/sign-up').set('X-Forwarded-For', `198.51.100.${i + 1}`).send({ firstName: 'Otra', lastName: 'Vez', email: 'duena@example.cl', password: 'otra-clave-larga-1' });
      expect(again.body.code).toBe(200);
    }
    // Once the mail consumer has handled all five events, every mail that will go has gone.
    const events = (await t.prisma.outboxEvent.findMany({ where: { type: 'RegisteredEmailSignUpAttempted' }, select: { id: true } })).map((e) => e.id);
    expect(events).toHaveLength(5);
    await waitFor(() => t.prisma.processedEvent.count({ where: { consumer: 'account-mails', eventId: { in: events } } }), (n) => n === 5);
    expect(await to('duena@example.cl', 'Ya tienes una cuenta')).toHaveLength(3);
  });
});
