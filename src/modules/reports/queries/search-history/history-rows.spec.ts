import { csvLine } from '../../../../contracts/csv';
import { copyText, HistoryNames, inlined, type HistoryFields } from './history-rows';

/**
 * The CSV line is built from cells guarded and quoted once per name, person or set of exams; the spreadsheet takes the
 * row's cells. Both must say the same: the line is exactly what the one CSV writer writes of the cells.
 */
describe('HistoryNames', () => {
  const names = () =>
    new HistoryNames(
      new Map([['1', '@Glucosa; "ayuno"'], ['2', 'Ácido úrico'], ['3', 'acido fólico'], ['4', 'Hemograma']]),
      new Map([['10', '+Comuna, la de "prueba"'], ['11', 'Región Metropolitana']]),
      new Map([['20', 'FONASA'], ['21', '=Isapre']]),
    );
  /** A row as COPY's text format sends it (`\N` is NULL, text escaped with backslashes). */
  const row = (over: Partial<Record<string, string>> = {}): HistoryFields => {
    const f = { id: '7', createdAt: '2026-11-28 10:15:02.5', session: '1760000007', personId: '3', firstName: '=HYPERLINK("x")', lastName: 'Núñez; "Toto"', email: 'ana@correo.cl', examIds: '{3,1,2}', comunaId: '10', regionId: '11', withNear: 't', insurerId: '21', coverage: '12.50', resultCount: '4', outcome: 'COMPLETE', tookMs: '35', ...over };
    return [f.id, f.createdAt, f.session, f.personId, f.firstName, f.lastName, f.email, f.examIds, f.comunaId, f.regionId, f.withNear, f.insurerId, f.coverage, f.resultCount, f.outcome, f.tookMs];
  };

  it.each([
    ['a row with a name, exams, a comuna and an insurer to guard and quote', {}],
    ['a search without a person, exams, comuna, region or insurer', { personId: '\\N', firstName: '\\N', lastName: '\\N', email: '\\N', examIds: '{}', comunaId: '\\N', regionId: '\\N', insurerId: '\\N', session: '\\N', coverage: '\\N' }],
    ['a person without an account, whose name has a line break and a tab', { firstName: '-1+2', lastName: 'Línea\\nnueva\\tcon tab', email: '\\N' }],
    ['ids no longer named, a negative session and a coverage written as hexadecimal', { examIds: '{4,99}', comunaId: '999', insurerId: '999', session: '-5', coverage: '0x10', withNear: 'f', outcome: 'NONE' }],
    ['one exam, a whole-second instant, coverage that is not a number', { examIds: '{2}', createdAt: '2026-11-28 10:15:02', coverage: 'abc', outcome: 'INCOMPLETE' }],
    ['two exams and a coverage with a backslash', { examIds: '{2,3}', coverage: '5\\\\0', email: 'a\\\\b@c.cl' }],
  ])('writes %s as the CSV writer writes its cells', (_, over) => {
    const history = names();
    const fields = row(over);
    expect(history.csvLine(fields)).toBe(csvLine(history.cells(fields)));
    // Again from the cached cells, for another search of the same person and exams.
    expect(history.csvLine(row({ ...over, id: '8' }))).toBe(csvLine(history.cells(row({ ...over, id: '8' }))));
  });

  it('reads the cells a person sees: names sorted, the instant as ISO, numbers as numbers', () => {
    expect(names().cells(row())).toEqual([
      '7', '2026-11-28T10:15:02.500Z', '1760000007', '=HYPERLINK("x") Núñez; "Toto"', 'ana@correo.cl', '@Glucosa; "ayuno" | acido fólico | Ácido úrico',
      '+Comuna, la de "prueba"', 'Región Metropolitana', 'Sí', '=Isapre', 12.5, 4, 'Completa', 35,
    ]);
  });

  it("undoes COPY's escapes and reads \\N as nothing", () => {
    expect(copyText('\\N')).toBeNull();
    expect(copyText('a\\tb\\nc\\\\d\\re')).toBe('a\tb\nc\\d\re');
    expect(copyText('sin escapes')).toBe('sin escapes');
  });

  // pg writes text with a backslash as ` E'...'` (its own leading space).
  it('writes the filter into the COPY as literals a value cannot break out of', () => {
    const statement = { text: 'SELECT 1 FROM search_history s WHERE s.outcome = $1 AND s.comuna_id = $2 AND s.with_near = $3 AND s.insurer_id IS $4 AND s.session = $10', values: ["x'); DROP TABLE person; --", 7, true, null, 0, 0, 0, 0, 0, 'back\\slash'] };
    expect(inlined(statement)).toBe("SELECT 1 FROM search_history s WHERE s.outcome = 'x''); DROP TABLE person; --' AND s.comuna_id = 7 AND s.with_near = TRUE AND s.insurer_id IS NULL AND s.session =  E'back\\\\slash'");
    expect(() => inlined({ text: 'SELECT $1', values: [Number.NaN] })).toThrow('not a finite number');
  });
});
