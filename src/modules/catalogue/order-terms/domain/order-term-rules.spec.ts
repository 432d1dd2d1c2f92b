import { editedMeaning, orderTermErrors } from './order-term-rules';

describe(orderTermErrors.name, () => {
  it('accepts each kind with what it takes', () => {
    expect(orderTermErrors({ kind: 'PANEL', examIds: [1, 2, 3, 4], reason: null })).toEqual({});
    expect(orderTermErrors({ kind: 'AMBIGUOUS', examIds: [3, 1], reason: null })).toEqual({});
    expect(orderTermErrors({ kind: 'NOT_LAB', examIds: [], reason: 'Es una imagen, no un examen de laboratorio.' })).toEqual({});
    expect(orderTermErrors({ kind: 'IGNORE', examIds: [], reason: null })).toEqual({});
  });

  it('asks a panel for 2 exams or more and an ambiguous term for 2 or 3', () => {
    expect(Object.keys(orderTermErrors({ kind: 'PANEL', examIds: [1], reason: null }))).toEqual(['examIds']);
    expect(Object.keys(orderTermErrors({ kind: 'AMBIGUOUS', examIds: [1], reason: null }))).toEqual(['examIds']);
    expect(Object.keys(orderTermErrors({ kind: 'AMBIGUOUS', examIds: [1, 2, 3, 4], reason: null }))).toEqual(['examIds']);
  });

  it('wants a reason and no exams for what is not a laboratory exam, and neither for words that change nothing', () => {
    expect(Object.keys(orderTermErrors({ kind: 'NOT_LAB', examIds: [1], reason: '  ' })).sort()).toEqual(['examIds', 'reason']);
    expect(Object.keys(orderTermErrors({ kind: 'IGNORE', examIds: [1], reason: 'Porque sí.' })).sort()).toEqual(['examIds', 'reason']);
    expect(Object.keys(orderTermErrors({ kind: 'PANEL', examIds: [1, 2], reason: 'Porque sí.' }))).toEqual(['reason']);
  });

  it('refuses an exam listed twice', () => {
    expect(orderTermErrors({ kind: 'PANEL', examIds: [1, 2, 1], reason: null }).examIds).toEqual(['Un examen aparece más de una vez.']);
  });
});

describe(editedMeaning.name, () => {
  const ambiguous = { kind: 'AMBIGUOUS' as const, examIds: [3, 1], reason: null };

  it('keeps what the edit does not send', () => {
    expect(editedMeaning(ambiguous, { examIds: [1, 3] })).toEqual({ kind: 'AMBIGUOUS', examIds: [1, 3], reason: null });
    expect(editedMeaning(ambiguous, { kind: 'PANEL' })).toEqual({ kind: 'PANEL', examIds: [3, 1], reason: null });
  });

  it('clears exams and a reason the new kind does not take, unless the edit sends them', () => {
    expect(editedMeaning(ambiguous, { kind: 'NOT_LAB', reason: 'Es una imagen.' })).toEqual({ kind: 'NOT_LAB', examIds: [], reason: 'Es una imagen.' });
    expect(editedMeaning({ kind: 'NOT_LAB', examIds: [], reason: 'Es una imagen.' }, { kind: 'IGNORE' })).toEqual({ kind: 'IGNORE', examIds: [], reason: null });
    expect(editedMeaning(ambiguous, { kind: 'IGNORE', examIds: [3] })).toEqual({ kind: 'IGNORE', examIds: [3], reason: null });
  });
});
