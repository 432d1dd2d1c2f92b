import { z } from 'zod';
import { blankAsAbsent, idList } from './fields';
import { ZodValidationPipe } from './zod-validation.pipe';

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
    expect(body({ examIds: [28, 87] }).error).toMatchObject({ status: 400, errors: { examIds: ['Este campo no existe en esta solicitud; revisa su nombre.'] } });
    expect(body({ exams: [28], filter: { comunaId: 1, comuna: 2 } }).error).toMatchObject({ errors: { 'filter.comuna': [expect.any(String)] } });
  });

  it('takes a body of known fields, through the schema’s own transforms', () => {
    expect(body({ exams: [28, 87], filter: { comunaId: 1 } }).data).toEqual({ exams: [28, 87], filter: { comunaId: 1 }, parsed: true });
  });

  it('leaves query strings and path parameters to their schemas (a link may carry more)', () => {
    expect(new ZodValidationPipe(z.object({ page: z.coerce.number().optional() })).transform({ page: '2', utm_source: 'correo' }, { type: 'query' })).toEqual({ page: 2 });
  });
});
