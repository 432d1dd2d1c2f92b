import { randomUUID } from 'node:crypto';
import type { TestApp } from '../support/app';

/** A laboratory that sells: active, of an approved company, with a few authorized prices. */
export async function sellingLaboratory(t: TestApp, skip = 0) {
  const laboratory = await t.prisma.laboratory.findFirstOrThrow({
    where: { isActive: true, company: { status: 'APPROVED' }, exams: { some: { status: 'AUTHORIZED', isActive: true } } },
    orderBy: { id: 'asc' },
    skip,
  });
  const offers = await t.prisma.laboratoryExam.findMany({
    where: { laboratoryId: laboratory.id, status: 'AUTHORIZED', isActive: true, exam: { isActive: true } },
    include: { exam: true },
    orderBy: { id: 'asc' },
    take: 3,
  });
  return { laboratory, offers };
}

export const visitor = { firstName: 'Carla', lastName: 'Muñoz', rut: '11.111.111-1', email: 'carla@correo.test', phone: '+56 9 1234 5678' };

export function checkoutBody(laboratoryId: number, offers: { id: number; price: number }[], extra: Record<string, unknown> = {}) {
  return {
    idempotencyKey: randomUUID(),
    laboratoryId,
    items: offers.map((o) => ({ id: o.id, kind: 'EXAM', quantity: 1, price: o.price })),
    shippingMethod: 'BRANCH',
    paymentMethod: 'simulator',
    ...visitor,
    ...extra,
  };
}

/** Plays the buyer on the simulator's page: approve, reject or abort; answers the return's redirect. */
export async function payOnSimulator(t: TestApp, token: string, decision: 'approve' | 'reject' | 'abort') {
  const page = await t.http.post('/api/payments/simulator').type('form').send({ token_ws: token });
  if (page.status !== 200 || !page.text.includes('MODO DEMOSTRACIÓN')) throw new Error(`simulator page: ${page.status} ${page.text.slice(0, 200)}`);
  const decided = await t.http.post('/api/payments/simulator/decision').type('form').send({ token_ws: token, decision });
  const back = decided.headers.location as string;
  return t.http.get(back);
}

/** Renders a PDF's text-free structure: the code is in its Info dictionary (Title), which is not compressed. */
export const isPdfWith = (bytes: Buffer, text: string) => bytes.subarray(0, 5).toString('latin1') === '%PDF-' && bytes.toString('latin1').includes(text);
