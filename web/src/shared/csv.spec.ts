import { toCsv } from './csv';

describe(toCsv.name, () => {
  it('separates with semicolons, quotes what needs it and starts with a byte-order mark', () => {
    const csv = toCsv([{ code: '0301045', name: 'Hemograma; "completo"' }, { code: '0302034', name: null }], [
      { header: 'Código', value: (r) => r.code },
      { header: 'Nombre', value: (r) => r.name },
    ]);
    expect(csv).toBe('\uFEFFCódigo;Nombre\r\n0301045;"Hemograma; ""completo"""\r\n0302034;\r\n');
  });
});

describe('the back office\'s "Exportar CSV"', () => {
  it('writes a company named like a formula as text (the server\'s guard, shared)', () => {
    const csv = toCsv([{ name: '=HYPERLINK("http://x.cl")' }, { name: '＠cmd' }], [{ header: 'Empresa', value: (r) => r.name }]);
    expect(csv).toBe(`\uFEFFEmpresa\r\n"'=HYPERLINK(""http://x.cl"")"\r\n'＠cmd\r\n`);
  });
});
