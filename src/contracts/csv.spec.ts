import { csvCell, csvLine } from './csv';

describe('the CSV cells people open in Excel', () => {
  it.each([
    ['=HYPERLINK("http://x.cl","clic")', `"'=HYPERLINK(""http://x.cl"",""clic"")"`],
    ['+56 9 1234 5678', "'+56 9 1234 5678"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['＝1+1', "'＝1+1"],
  ])('writes %j as text, never as a formula', (hostile, written) => {
    expect(csvCell(hostile)).toBe(written);
  });

  it('writes numbers as numbers, even negative, and quotes separators, commas and quotes', () => {
    expect(csvLine([-5, 3.5, 'a;b', 'Hemograma, completo', 'dice "sí"', null, undefined])).toBe('-5;3.5;"a;b";"Hemograma, completo";"dice ""sí""";;\r\n');
  });
});
