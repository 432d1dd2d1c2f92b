import { commonness, editDistance, rankedText, rankScore, textMatch, wordsOf } from './exam-ranking';

describe('exam ranking', () => {
  const match = (typed: string, text: string) => textMatch(wordsOf(typed), rankedText(text));

  it('reads words as the index does: folded, without the words that name nothing', () => {
    expect(wordsOf('Perfil de Lípidos, (proc. aut.)')).toEqual(['perfil', 'lipidos', 'proc', 'aut']);
  });

  it('counts edits up to a limit', () => {
    expect(editDistance('hemogrma', 'hemograma', 1)).toBe(1);
    expect(editDistance('feritna', 'ferritina', 1)).toBe(Infinity);
    expect(editDistance('urea', 'crea', 1)).toBe(1);
  });

  it('prefers more of a name typed from the start of its words, and a whole name most', () => {
    expect(match('hemo', 'Hemograma')).toBeGreaterThan(match('hemo', 'Hemosiderina medular'));
    expect(match('trigliceridos', 'triglicéridos')).toBeGreaterThan(match('trigliceridos', 'colesterol y triglicéridos') * 1.5);
    expect(match('vitamina d', 'vitamina D')).toBe(1.5);
    expect(match('t4 l', 'T4 libre')).toBeGreaterThan(0);
  });

  it('puts the start of a word before a typo, and a word found only in what the name includes last', () => {
    expect(match('crea', 'creatinina')).toBeGreaterThan(match('crea', 'urea'));
    expect(match('hemogrma', 'Hemograma')).toBeLessThan(match('hemogr', 'Hemograma'));
    expect(match('perfil plaquetas', 'Hemograma')).toBeLessThan(match('hemograma', 'Hemograma') / 2);
  });

  it('adds what people chose to the prior, on a log scale against the most chosen exam', () => {
    expect(commonness(100, 0, 0)).toBe(1);
    expect(commonness(0, 50, 50)).toBe(1);
    expect(commonness(0, 5, 500)).toBeGreaterThan(0.25);
    expect(commonness(62, 0, 500)).toBe(0.62);
  });

  it('lets how common an exam is order the matches, the laboratories that offer it only break near-ties', () => {
    const hemograma = rankScore(match('hemo', 'Hemograma'), 1, 0.2);
    const hemosiderina = rankScore(match('hemo', 'Hemosiderina'), 0, 1);
    expect(hemograma).toBeGreaterThan(hemosiderina);
    expect(rankScore(0.5, 0, 1)).toBeGreaterThan(rankScore(0.5, 0, 0));
    expect(rankScore(0.5, 0.1, 0)).toBeLessThan(rankScore(0.5, 0.3, 0));
  });
});
