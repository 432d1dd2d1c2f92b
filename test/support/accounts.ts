import type { TestApp } from './app';
import { waitForMail } from './mailbox';

export const ADMIN = { email: 'admin@cotizalab.test', password: 'clave-de-prueba-123' };

export async function signIn(t: TestApp, email: string, password: string): Promise<{ token: string; personId: number }> {
  const answer = await t.http.post('/api/auth/sign-in').send({ email, password });
  if (answer.body.code !== 200) throw new Error(`${email} could not sign in: ${JSON.stringify(answer.body)}`);
  return { token: answer.body.data.tokenData.accessToken, personId: answer.body.data.person.id };
}

/**
 * A provider user of a company, the way one comes to exist: an administrator creates the account,
 * the invitation mail's link sets its password.
 */
export async function createProvider(t: TestApp, adminToken: string, companyId: number, email: string, password: string): Promise<{ token: string; personId: number }> {
  const created = await t.http.post('/api/person').set('Authorization', `Bearer ${adminToken}`).send({ firstName: 'Proveedor', lastName: email, email, profileCode: 'PRV', companyId });
  if (created.body.code !== 200) throw new Error(`could not create ${email}: ${JSON.stringify(created.body)}`);
  const mail = await waitForMail(t.dataDir, email, 'Te crearon una cuenta');
  const token = /token=([\w-]+)/.exec(mail.text)![1];
  const reset = await t.http.post('/api/auth/reset-password').send({ token, password });
  if (reset.body.code !== 200) throw new Error(`could not set the password of ${email}: ${JSON.stringify(reset.body)}`);
  return signIn(t, email, password);
}

/**
 * Providers of the first two approved companies that have branches: one to act, the other to check
 * that it sees and changes nothing of the first. Their e-mails are `prv@{name}-a.cl` and `prv@{name}-b.cl`.
 */
export async function providersOfTwoCompanies(t: TestApp, adminToken: string, name: string) {
  const [companyA, companyB] = (await t.prisma.company.findMany({ where: { status: 'APPROVED', laboratories: { some: {} } }, orderBy: { id: 'asc' }, take: 2 })).map((c) => c.id);
  const providerA = (await createProvider(t, adminToken, companyA, `prv@${name}-a.cl`, `clave-${name}-a-1`)).token;
  const providerB = (await createProvider(t, adminToken, companyB, `prv@${name}-b.cl`, `clave-${name}-b-1`)).token;
  return { companyA, companyB, providerA, providerB };
}
