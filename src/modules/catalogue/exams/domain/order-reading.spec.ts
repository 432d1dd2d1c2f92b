import { foldTerm, orderLines, parseCode, readOrder, type Candidate, type TermReading, type Vocabulary } from './order-reading';

/** A small catalogue: the reader's rules, without the real vocabulary (test/catalogue/order-reader.cases.ts reads real orders). */
const EXAMS: Record<number, { code: string; words: string[] }> = {
  1: { code: '0301045', words: ['hemograma'] },
  2: { code: '0309022', words: ['orina', 'completa'] },
  3: { code: '0306011', words: ['urocultivo'] },
  4: { code: '0305031', words: ['proteina', 'c', 'reactiva'] },
  5: { code: '0306169', words: ['reaccion', 'polimerasa', 'cadena', 'pcr'] },
  6: { code: '0302067', words: ['colesterol', 'total'] },
  7: { code: '0302034', words: ['perfil', 'lipidico'] },
  8: { code: '0302057', words: ['nitrogeno', 'ureico'] },
};
const TERMS: Record<string, TermReading> = {
  hmg: { kind: 'EXAM', examIds: [1] },
  hemograma: { kind: 'EXAM', examIds: [1] },
  oc: { kind: 'EXAM', examIds: [2] },
  uc: { kind: 'EXAM', examIds: [3] },
  uremia: { kind: 'EXAM', examIds: [8] },
  pcr: { kind: 'AMBIGUOUS', examIds: [4, 5] },
  'rx torax': { kind: 'NOT_LAB', reason: 'Es una radiografía, no un examen de laboratorio.' },
  'en ayunas': { kind: 'IGNORE' },
  solicito: { kind: 'IGNORE' },
};
const vocabulary: Vocabulary = {
  term: (folded) => TERMS[folded],
  code: (code) => Number(Object.entries(EXAMS).find(([, e]) => e.code === code)?.[0]) || undefined,
  ignorable: ['en ayunas', 'solicito', 'control'],
  knows: (word) => Object.values(EXAMS).some((e) => e.words.includes(word)) || Object.keys(TERMS).some((t) => t.split(' ').includes(word)),
  candidates: (folded) => {
    const written = folded.split(' ');
    return Object.entries(EXAMS)
      .filter(([, e]) => written.some((w) => e.words.some((x) => x.startsWith(w.slice(0, 4)))))
      .map(([id, e]): Candidate => ({ examId: Number(id), words: e.words, detail: [], rank: 1 / Number(id) }));
  },
};

const read = (text: string) => readOrder(text, vocabulary).map((l) => [l.text, l.status, l.status === 'AMBIGUOUS' ? l.alternatives : l.examIds]);

describe('order reading', () => {
  it('reads codes in every written form, the leading zero lost included', () => {
    for (const written of ['0301045', '03-01-045', '03.01.045', '301045', '3-01-045', '03 01 045 Hemograma']) expect([written, parseCode(written)?.code]).toEqual([written, '0301045']);
    expect(parseCode('2 hemogramas')).toBeUndefined();
    expect(read('301045')).toEqual([['301045', 'RECOGNISED', [1]]]);
  });

  it('folds case, accents, punctuation and hours as the vocabulary keys them', () => {
    expect(foldTerm('  Rx. Tórax ')).toBe('rx torax');
    expect(foldTerm('Proteinuria 24hrs')).toBe('proteinuria 24 hrs');
    expect(foldTerm('OC+UC')).toBe('oc + uc');
  });

  it('cuts an order at line breaks, list markers, bullets, commas and semicolons, and leaves its furniture out', () => {
    const order = 'Nombre: Juan Pérez\nRUT: 12.345.678-5\n12/03/2026\n1. HMG\n2) Uremia; OC\n- UC, Rx tórax\nDr. Soto';
    expect(orderLines(order)).toEqual(['HMG', 'Uremia', 'OC', 'UC', 'Rx tórax']);
  });

  it('recognises known terms, with or without words that change nothing', () => {
    expect(read('HMG en ayunas\nSolicito uremia\nhemograma control')).toEqual([
      ['HMG en ayunas', 'RECOGNISED', [1]],
      ['Solicito uremia', 'RECOGNISED', [8]],
      ['hemograma control', 'RECOGNISED', [1]],
    ]);
  });

  it('takes a note after a dash for a note, not a line to ask about', () => {
    expect(read('HMG - control postoperatorio')).toEqual([['HMG', 'RECOGNISED', [1]]]);
    expect(read('OC - control hemograma')).toEqual([['OC', 'RECOGNISED', [2]], ['control hemograma', 'RECOGNISED', [1]]]);
  });

  it('keeps two exams joined on one line as one line, and cuts it when a piece is in doubt', () => {
    expect(read('OC + UC')).toEqual([['OC + UC', 'RECOGNISED', [2, 3]]]);
    expect(read('orina completa y urocultivo')).toEqual([['orina completa y urocultivo', 'RECOGNISED', [2, 3]]]);
    expect(read('HMG y PCR')).toEqual([
      ['HMG', 'RECOGNISED', [1]],
      ['PCR', 'AMBIGUOUS', [4, 5]],
    ]);
  });

  it('asks instead of choosing when a term is ambiguous, and sets aside what is not a laboratory exam', () => {
    expect(read('PCR')).toEqual([['PCR', 'AMBIGUOUS', [4, 5]]]);
    const [xray] = readOrder('Rx tórax', vocabulary);
    expect([xray.status, xray.reason]).toEqual(['NOT_LAB', 'Es una radiografía, no un examen de laboratorio.']);
  });

  it('recognises a fuzzy line only without doubt', () => {
    expect(read('hemogrma')).toEqual([['hemogrma', 'RECOGNISED', [1]]]); // one exam, one typo
    expect(read('colesterol')).toEqual([['colesterol', 'RECOGNISED', [6]]]); // the only exam with that word
    expect(read('zzzz qqqq')).toEqual([['zzzz qqqq', 'UNKNOWN', []]]);
  });
});
