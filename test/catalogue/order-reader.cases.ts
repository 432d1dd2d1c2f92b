import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { OrderLine, ReadOrderAnswer } from '../../src/contracts/exams';
import { ADMIN, signIn } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app';

/**
 * The order reader and the search box on real order lines (issue 26): a test set written from
 * Chilean laboratories' exam lists, sample-collection manuals and order forms
 * (test/catalogue/order-reader/SOURCES.md), independent of the vocabulary the reader uses.
 * Every line must be read as its order meant (recognised, asked about, or set aside) and found among
 * the search box's first three (first for the common ones); every whole order must come back
 * complete, with no exam it did not ask for.
 */
interface LineCase { text: string; status: 'RECOGNISED' | 'AMBIGUOUS' | 'NOT_LAB'; codes: string; common: string; source: string }
interface OrderCase { source: string; text: string; codes: string[]; notLab: number }

const HERE = join(__dirname, 'order-reader');
const LINES = parse(readFileSync(join(HERE, 'order-lines.csv'), 'utf8'), { columns: true, skip_empty_lines: true, trim: true }) as LineCase[];
const ORDERS = JSON.parse(readFileSync(join(HERE, 'orders.json'), 'utf8')) as OrderCase[];

describe('order reader', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 2 });
  }, 120_000);
  afterAll(() => t.close());

  const read = async (text: string): Promise<OrderLine[]> => {
    const answer = await t.http.post('/api/exam/read-order').send({ text });
    expect(answer.status).toBe(200);
    return (answer.body.data as ReadOrderAnswer).lines;
  };
  const lookUp = async (term: string): Promise<string[]> => {
    const answer = await t.http.post('/api/exam/search').send({ term, perPage: 3 });
    expect(answer.status).toBe(200);
    return (answer.body.data.items as { code: string }[]).map((e) => e.code);
  };
  const codesOf = (exams: { code: string }[]) => exams.map((e) => e.code);

  it('has a test set of at least 150 lines and 15 orders', () => {
    expect(LINES.length).toBeGreaterThanOrEqual(150);
    expect(ORDERS.length).toBeGreaterThanOrEqual(15);
  });

  /** How one line was read against what its order meant. */
  const verdict = (c: LineCase, lines: OrderLine[]) => {
    const expected = c.codes.split(/[+|]/).filter(Boolean);
    const recognised = lines.flatMap((l) => codesOf(l.exams));
    const wrong = recognised.filter((code) => !expected.includes(code));
    const right =
      c.status === 'RECOGNISED'
        ? lines.every((l) => l.status === 'RECOGNISED') && new Set(recognised).size === new Set(expected).size && wrong.length === 0
        : c.status === 'AMBIGUOUS'
          ? lines.length === 1 && lines[0].status === 'AMBIGUOUS' && codesOf(lines[0].alternatives).includes(expected[0])
          : lines.length === 1 && lines[0].status === 'NOT_LAB' && /\S/.test(lines[0].reason ?? '');
    return { right, wrong };
  };

  it('reads every line of the set as its order meant it, never with an exam it did not ask for', async () => {
    const misread: string[] = [];
    const mistaken: string[] = [];
    for (const c of LINES) {
      const { right, wrong } = verdict(c, await read(c.text));
      if (!right) misread.push(c.text);
      // A wrong exam is a wrong price: a doubt must be a question, never a silent choice.
      if (wrong.length > 0) mistaken.push(`${c.text} -> ${wrong.join(', ')}`);
    }
    expect(mistaken).toEqual([]);
    // What is not read as meant is asked about or said unknown, never guessed: 362 of the 367 lines are read as
    // meant today, and 1 of the 97 common ones is asked about instead (issue 26's closing note lists them).
    expect(misread.filter((text) => LINES.find((c) => c.text === text)!.common === '1').length).toBeLessThanOrEqual(1);
    expect(misread.length / LINES.length).toBeLessThanOrEqual(0.03);
  });

  it('offers every single exam of the set among the search box\'s first three, first when common', async () => {
    const missed: string[] = [];
    for (const c of LINES.filter((l) => l.status === 'RECOGNISED' && !l.codes.includes('+'))) {
      const found = await lookUp(c.text);
      if (c.common === '1') expect([c.text, found[0]]).toEqual([c.text, c.codes]);
      else if (!found.includes(c.codes)) missed.push(c.text);
    }
    expect(missed).toEqual([]);
  });

  it.each(ORDERS.map((o, i) => [i + 1, o.source, o] as const))('reads whole order %i (%s) with nothing lost and no exam it did not ask for', async (_, __, order) => {
    const lines = await read(order.text);
    const recognised = new Set(lines.flatMap((l) => codesOf(l.exams)));
    const asked = new Set(lines.filter((l) => l.status === 'AMBIGUOUS').flatMap((l) => codesOf(l.alternatives)));
    expect([...recognised].filter((code) => !order.codes.includes(code))).toEqual([]);
    // Every exam is recognised, or offered in the question of a line in doubt.
    expect(order.codes.filter((code) => !recognised.has(code) && !asked.has(code))).toEqual([]);
    expect(lines.filter((l) => l.status === 'NOT_LAB')).toHaveLength(order.notLab);
  });

  it('reads most whole orders complete without a single question', async () => {
    let complete = 0;
    for (const order of ORDERS) {
      const lines = await read(order.text);
      const recognised = new Set(lines.flatMap((l) => codesOf(l.exams)));
      if (order.codes.every((code) => recognised.has(code)) && !lines.some((l) => l.status === 'AMBIGUOUS')) complete += 1;
    }
    // 21 of 24 today: three orders have a line of clinical context the reader asks about ("Estudio de anemia").
    expect(complete / ORDERS.length).toBeGreaterThanOrEqual(0.85);
  });

  it('refuses an empty order, one over 64 kB and an unknown field with a clear error per field', async () => {
    const empty = await t.http.post('/api/exam/read-order').send({ text: '   ' });
    expect([empty.status, empty.body.error, empty.body.errors?.text]).toEqual([400, expect.any(String), ['Pega el texto de tu orden médica.']]);
    const huge = await t.http.post('/api/exam/read-order').send({ text: 'hemograma\n'.repeat(7000) });
    expect([huge.status, huge.body.errors?.text?.[0]]).toEqual([400, expect.stringContaining('64 kB')]);
    const unknown = await t.http.post('/api/exam/read-order').send({ text: 'hemograma', examIds: [1] });
    expect(unknown.status).toBe(400);
  });

  it('offers first what patients chose for the same words, and never chooses for them', async () => {
    const [before] = await read('PCR');
    expect(before.status).toBe('AMBIGUOUS');
    const last = before.alternatives[before.alternatives.length - 1];
    for (let i = 0; i < 2; i++) expect((await t.http.post('/api/exam/read-order/choice').send({ text: 'pcr', examId: last.id })).status).toBe(200);
    const [after] = await read('PCR');
    expect([after.status, after.alternatives[0].id]).toEqual(['AMBIGUOUS', last.id]);
    expect((await t.http.post('/api/exam/read-order/choice').send({ text: 'pcr', examId: 999_999 })).status).toBe(404);
  });

  it('reads an administrator\'s new synonym on the very next order', async () => {
    const admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    expect((await read('QZHEMO'))[0].status).not.toBe('RECOGNISED');
    const { body } = await t.http.post('/api/exam/search').send({ term: '0301045', perPage: 1 });
    const hemograma = body.data.items[0] as { id: number };
    const exam = await t.http.get(`/api/exam/${hemograma.id}`);
    const synonyms = (exam.body.data.synonyms as { synonym: string }[]).map((s) => s.synonym);
    const update = await t.http.post(`/api/exam/${hemograma.id}`).set('Authorization', `Bearer ${admin}`).send({ synonyms: [...synonyms, 'QZHEMO'] });
    expect(update.status).toBe(200);
    const [line] = await read('QZHEMO');
    expect([line.status, codesOf(line.exams)]).toEqual(['RECOGNISED', ['0301045']]);
  });
});
