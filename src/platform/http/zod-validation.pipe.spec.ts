import { z } from 'zod';
import { blankAsAbsent, idList, moneyField, orderingFields, pagingFields } from './fields';
import { UNKNOWN_FIELD, ZodValidationPipe } from './zod-validation.pipe';

describe('validating a request body', () => {
  const search = z.object({ exams: idList('los exámenes').optional(), filter: blankAsAbsent(z.object({ comunaId: z.number() })) }).transform((body) => ({ ...body, parsed: true }));
  const body = (value: unknown, schema: z.ZodType = search) => {
    try {
      return { data: new ZodValidationPipe(schema).transform(value, { type: 'body' }) };
    } catch (error) {
      return { error: error as { status: number; errors: Record<string, string[]> } };
    }
  };

  it('refuses a field it does not know by name, nested ones too, instead of answering as if it had not been sent', () => {
    expect(body({ examIds: [28, 87] }).error).toMatchObject({ status: 400, errors: { examIds: [UNKNOWN_FIELD] } });
    expect(UNKNOWN_FIELD).toBe('Este campo no existe en esta solicitud; revisa su nombre.');
    expect(body({ exams: [28], filter: { comunaId: 1, comuna: 2 } }).error?.errors).toEqual({ 'filter.comuna': [UNKNOWN_FIELD] });
    expect(body({ examIds: [28], filter: { comuna: 2 } }).error?.errors).toEqual({ examIds: [UNKNOWN_FIELD], 'filter.comuna': [UNKNOWN_FIELD] });
  });

  it('checks every object of a list, by its position', () => {
    const prices = z.object({ fonasaPrices: z.array(z.object({ level: z.number(), price: moneyField })).optional() });
    expect(body({ fonasaPrices: [{ level: 1, price: 100 }, { level: 2, price: 200, amount: 200 }] }, prices).error?.errors).toEqual({ 'fonasaPrices.1.amount': [UNKNOWN_FIELD] });
    expect(body({ fonasaPrices: [{ level: 1, price: 100 }] }, prices).data).toEqual({ fonasaPrices: [{ level: 1, price: 100 }] });
  });

  it('leaves alone what takes any name: a record’s keys, a loose object’s extras', () => {
    const typed = z.object({ typed: z.record(z.string(), z.string()).optional() });
    expect(body({ typed: { '28': 'hemograma', '87': 'perfil' } }, typed).data).toEqual({ typed: { '28': 'hemograma', '87': 'perfil' } });
    const loose = z.looseObject({ token: z.string() });
    expect(body({ token: 'a', TBK_ORDEN_COMPRA: 'b' }, loose).data).toEqual({ token: 'a', TBK_ORDEN_COMPRA: 'b' });
    // The values of a record are checked as their schema says.
    const lines = z.object({ lines: z.record(z.string(), z.object({ text: z.string() })) });
    expect(body({ lines: { '1': { text: 'pcr', score: 1 } } }, lines).error?.errors).toEqual({ 'lines.1.score': [UNKNOWN_FIELD] });
  });

  it('names a strict object’s extra field in Spanish, as any other', () => {
    expect(body({ text: 'hemograma', examIds: [1] }, z.strictObject({ text: z.string() })).error?.errors).toEqual({ examIds: [UNKNOWN_FIELD] });
  });

  it('takes the fields of whichever option of a union the body is', () => {
    const target = z.union([z.object({ ids: z.array(z.number()) }), z.object({ matching: z.object({ status: z.string() }), expectedCount: z.number() })]);
    expect(body({ ids: [1, 2] }, target).data).toEqual({ ids: [1, 2] });
    expect(body({ matching: { status: 'PENDING' }, expectedCount: 3 }, target).data).toEqual({ matching: { status: 'PENDING' }, expectedCount: 3 });
    expect(body({ matching: { status: 'PENDING', orderBy: 'name' }, expectedCount: 3 }, target).error?.errors).toEqual({ 'matching.orderBy': [UNKNOWN_FIELD] });
    expect(body({ anything: { at: 'all' } }, z.union([z.object({ ids: z.array(z.number()) }), z.unknown()])).data).toEqual({ anything: { at: 'all' } });
  });

  it('names the first 20 unknown fields, not every one of a body made of them', () => {
    const made = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`field${i}`, i]));
    expect(Object.keys(body(made).error?.errors ?? {})).toEqual(Array.from({ length: 20 }, (_, i) => `field${i}`));
  });

  it('takes a body of known fields, through the schema’s own transforms', () => {
    expect(body({ exams: [28, 87], filter: { comunaId: 1 } }).data).toEqual({ exams: [28, 87], filter: { comunaId: 1 }, parsed: true });
    expect(body({ exams: '28,87', filter: '' }).data).toEqual({ exams: [28, 87], filter: undefined, parsed: true });
  });

  it('takes a list’s ordering only where the list declares it', () => {
    const ordered = z.object({ ...orderingFields(['name']), ...pagingFields });
    expect(body({ orderBy: 'name', orderSort: 'desc', currentPage: 2 }, ordered).data).toEqual({ orderBy: 'name', orderSort: 'desc', currentPage: 2, perPage: 20 });
    expect(body({ orderBy: 'name', orderSort: 'desc' }, z.object({ ...pagingFields })).error?.errors).toEqual({ orderBy: [UNKNOWN_FIELD], orderSort: [UNKNOWN_FIELD] });
  });

  it('leaves query strings and path parameters to their schemas (a link may carry more)', () => {
    expect(new ZodValidationPipe(z.object({ page: z.coerce.number().optional() })).transform({ page: '2', utm_source: 'correo' }, { type: 'query' })).toEqual({ page: 2 });
  });
});
