import { quoteCardSvg } from './quote-card-image';

describe('the picture of a shared quote', () => {
  it('says how many exams, where, and what the whole order costs there', () => {
    const svg = quoteCardSvg({ exams: ['Hemograma', 'Perfil lipídico', 'TSH'], place: 'Providencia y comunas vecinas', range: { min: 14_990, max: 32_450, laboratories: 7 } });
    expect(svg).toContain('Cotización de 3 exámenes');
    expect(svg).toContain('Hemograma · Perfil lipídico · TSH');
    expect(svg).toContain('en Providencia y comunas vecinas');
    expect(svg).toContain('desde $14.990');
    expect(svg).toContain('precio particular, hasta $32.450 · 7 laboratorios con toda la orden');
  });

  it('keeps a long order to three lines that say how many more there are, and escapes what it writes', () => {
    const exams = Array.from({ length: 12 }, (_, i) => `Examen <número> ${i + 1} con un nombre largo`);
    const svg = quoteCardSvg({ exams, place: null, range: null });
    const lines = [...svg.matchAll(/font-size="32"[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/ y \d+ más$/);
    expect(svg).not.toContain('<número>');
    expect(svg).toContain('en todo Chile');
    expect(svg).toContain('Compara el total y tu copago');
  });
});
