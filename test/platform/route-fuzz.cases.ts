import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Response } from 'supertest';
import { listRoutes } from '../../src/platform/auth/route-policy-check';
import { ADMIN, signIn } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app';

/**
 * Issue 15, item 4: what a hostile client sends to EVERY route the API registers (found from the
 * running application, so a route added later is fuzzed too), as an administrator, who reaches the
 * most code. Each answer must be below 500 and in the envelope; nothing here is about permissions
 * (the role matrix is).
 */

/** Values that crashed handlers or slipped past validation before (issue 15) and their kin. */
const LONE_SURROGATE = 'Hemo\ud800grama';
const HUGE = 'x'.repeat(100_000);
const TEXT_FIELDS = ['name', 'firstName', 'lastName', 'email', 'password', 'identifierName', 'addressLine1', 'code', 'description', 'reason', 'term', 'fullName', 'message', 'subject', 'tradeName', 'legalName', 'rut', 'phone', 'value', 'token', 'title', 'sheet', 'label'];
const ID_FIELDS = ['id', 'examId', 'laboratoryId', 'companyId', 'personId', 'comunaId', 'regionId', 'selectListTypeId', 'selectListChildId', 'examTypeId', 'fromLaboratoryId', 'toLaboratoryId', 'nearLocationId'];
const LIST_FIELDS = ['exams', 'examIds', 'ids', 'insurerIds', 'synonyms', 'codes', 'fonasaPrices', 'fonasaCopays', 'attributes', 'nearLocations'];
const AMOUNT_FIELDS = ['price', 'currentPage', 'perPage', 'fonasaLevel', 'sortOrder', 'distanceKm', 'lat', 'lng'];

const every = (fields: string[], value: unknown) => Object.fromEntries(fields.map((f) => [f, value]));

const BODIES: [name: string, body: unknown][] = [
  ['a lone UTF-16 surrogate in every text', every(TEXT_FIELDS, LONE_SURROGATE)],
  ['a lone surrogate inside lists', { ...every(LIST_FIELDS, [LONE_SURROGATE]), synonyms: [LONE_SURROGATE, 'ok'] }],
  ['100,000 characters in every text', { ...every(TEXT_FIELDS, HUGE), synonyms: [HUGE] }],
  ['numeric edges as numbers', { ...every(ID_FIELDS, 1e20), ...every(AMOUNT_FIELDS, 1e308), ...every(LIST_FIELDS, [1e20, -1, 0.5]) }],
  ['numeric edges as text', { ...every(ID_FIELDS, '1e20'), ...every(AMOUNT_FIELDS, '-1e20'), ...every(LIST_FIELDS, ['1e20', 'NaN', 'Infinity']) }],
  ['ids written other ways', every(ID_FIELDS, '0x10')],
  ['comma strings for lists', { ...every(LIST_FIELDS, '1,2,-3,1e20,x'), fonasaPrices: '-500,-1,abc', synonyms: `a,${'b'.repeat(300)}` }],
  ['wrong types everywhere', { ...every(TEXT_FIELDS, { $ne: null }), ...every(ID_FIELDS, [1, 2]), ...every(LIST_FIELDS, { a: 1 }), ...every(AMOUNT_FIELDS, true) }],
  ['10,000-item lists', every(LIST_FIELDS, Array.from({ length: 10_000 }, (_, i) => i + 1))],
  ['not an object', [1, 2, 3]],
];

/** `{"a":{"a":…1…}}` nested `depth` times, as raw JSON (JSON.stringify would itself overflow). */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
/** Path ids that are not canonical decimals, or not ids at all. */
const BAD_IDS = ['0x10', '00001', '%20%31', '1e3', '-1', '0', '99999999999999999999', 'abc', '1.5'];

/** Routes whose side effects would end the fuzzing session itself. */
const SKIPPED = new Set(['POST /api/auth/logout']);

describe('every route against hostile input', () => {
  let t: TestApp;
  let token: string;
  let routes: { method: 'get' | 'post' | 'delete'; path: string; endpoint: string }[];

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 2, redis: false });
    token = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    routes = listRoutes(t.app.get(DiscoveryService), t.app.get(MetadataScanner), t.app.get(Reflector))
      .filter((r) => !SKIPPED.has(r.endpoint))
      .map((r) => {
        const [method, path] = r.endpoint.split(' ');
        return { method: method.toLowerCase() as 'get' | 'post' | 'delete', path, endpoint: r.endpoint };
      });
  }, 120_000);
  afterAll(() => t.close());

  /** Every problem found by a test, so one run lists them all rather than the first. */
  let problems: string[] = [];
  beforeEach(() => {
    problems = [];
  });
  const check = (endpoint: string, tried: string, answer: Response) => {
    const envelope = answer.body as { code?: unknown; error?: unknown; message?: unknown } | undefined;
    const isFile = !String(answer.headers['content-type'] ?? '').includes('json');
    if (answer.status >= 500) problems.push(`${endpoint} with ${tried}: ${answer.status} ${JSON.stringify(envelope).slice(0, 160)}`);
    else if (!isFile && envelope?.code !== answer.status) problems.push(`${endpoint} with ${tried}: code ${String(envelope?.code)} ≠ status ${answer.status}`);
    // A page (a laboratory's shareable page) answers its status with the web app; every JSON answer is an envelope.
    else if (!isFile && answer.status >= 400 && !(typeof envelope?.error === 'string' && /^[A-Z_]+\.[A-Z_]+$/.test(envelope.error) && typeof envelope.message === 'string'))
      problems.push(`${endpoint} with ${tried}: ${answer.status} without a stable error key and message`);
  };
  const send = (method: 'get' | 'post' | 'delete', path: string) => t.http[method](path).set('Authorization', `Bearer ${token}`);
  const withIds = (path: string, id: string) => path.replace(/:[A-Za-z]+/g, id);

  it('answers every body-taking route below 500, in the envelope, whatever the body', async () => {
    for (const route of routes.filter((r) => r.method === 'post')) {
      const path = withIds(route.path, '1');
      for (const [name, body] of BODIES) check(route.endpoint, name, await send('post', path).send(body as object));
      check(route.endpoint, 'JSON nested 100,000 deep', await send('post', path).set('Content-Type', 'application/json').send(nested(100_000)));
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('refuses ids that are not canonical decimals on every route with an id, below 500', async () => {
    for (const route of routes.filter((r) => /:[A-Za-z]+/.test(r.path))) {
      for (const id of BAD_IDS) {
        const answer = await (route.method === 'post' ? send('post', withIds(route.path, id)).send({}) : send(route.method, withIds(route.path, id)));
        check(route.endpoint, `id ${id}`, answer);
        // "0x10" is not 16 and "00001" not 1: an id is written one way only.
        if (['0x10', '00001', '%20%31', '1e3'].includes(id) && answer.status === 200) problems.push(`${route.endpoint} accepted the id ${id}`);
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
