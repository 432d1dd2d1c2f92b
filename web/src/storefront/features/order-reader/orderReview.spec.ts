import type { OrderLine, OrderLineExam } from '@contracts';
import { addLabel, choicesMade, EMPTY_REVIEW, examsToAdd, NONE, pendingChoices, reviewReducer, reviewSummary, type Review, type ReviewEvent } from './orderReview';
import { photoProblem, textProblem } from './orderInput';

const exam = (id: number, name: string): OrderLineExam => ({ id, code: String(id).padStart(7, '0'), codeDotted: `03-01-${id}`, name });
const HEMOGRAMA = exam(28, 'Hemograma (incluye recuentos de leucocitos y eritrocitos, hemoglobina, hematocrito, fórmula leucocitaria, características de los elementos figurados y velocidad de eritrosedimentación)');
const GLUCOSA = exam(87, 'Glucosa en sangre');
const TSH = exam(120, 'Tiroestimulante (TSH), hormona (adulto, niño o R.N.)');
const T4 = exam(121, 'Tiroxina libre (T4L)');
const ORINA = exam(200, 'Orina completa, (incluye cod. 03-09-023 y 03-09-024)');
const UROCULTIVO = exam(201, 'Urocultivo, recuento de colonias y antibiograma');

const ORDER: OrderLine[] = [
  { text: 'Hemograma c/VHS', status: 'RECOGNISED', exams: [HEMOGRAMA], alternatives: [], reason: null },
  { text: 'Orina completa + urocultivo', status: 'RECOGNISED', exams: [ORINA, UROCULTIVO], alternatives: [], reason: null },
  { text: 'Perfil tiroideo', status: 'AMBIGUOUS', exams: [], alternatives: [TSH, T4], reason: null },
  { text: 'Rx de tórax AP y L', status: 'NOT_LAB', exams: [], alternatives: [], reason: 'Es una imagen (radiografía), no un examen de laboratorio' },
  { text: 'glicemya', status: 'UNKNOWN', exams: [], alternatives: [], reason: null },
];

const apply = (events: ReviewEvent[], from: Review = EMPTY_REVIEW) => events.reduce(reviewReducer, from);
const read = apply([{ type: 'orderRead', lines: ORDER }]);
const keyOf = (review: Review, text: string) => review.lines.find((line) => line.line.text === text)!.key;

describe('the order reader\'s review', () => {
  it('adds every recognised exam by its short name, and nothing of an ambiguous line until the patient chooses', () => {
    expect(examsToAdd(read, [])).toEqual([
      { id: 28, name: 'Hemograma' },
      { id: 200, name: 'Orina completa' },
      { id: 201, name: 'Urocultivo, recuento de colonias y antibiograma' },
    ]);
    expect(pendingChoices(read)).toBe(1);
    const chosen = apply([{ type: 'alternativeChosen', key: keyOf(read, 'Perfil tiroideo'), examId: TSH.id }], read);
    expect(examsToAdd(chosen, []).map((e) => e.id)).toEqual([28, 200, 201, 120]);
    // The chip keeps the order's words beside the catalogue's name: "Perfil tiroideo · Tiroestimulante".
    expect(examsToAdd(chosen, []).find((e) => e.id === 120)).toEqual({ id: 120, name: 'Tiroestimulante', typed: 'Perfil tiroideo' });
    expect(pendingChoices(chosen)).toBe(0);
    expect(choicesMade(chosen)).toEqual([{ text: 'Perfil tiroideo', examId: TSH.id }]);
  });

  it('keeps the order\'s words beside a name that does not say them ("T4L · Tiroxina libre")', () => {
    const t4l = apply([{ type: 'orderRead', lines: [{ text: 'T4L', status: 'RECOGNISED', exams: [T4], alternatives: [], reason: null }] }]);
    expect(examsToAdd(t4l, [])).toEqual([{ id: 121, name: 'Tiroxina libre', typed: 'T4L' }]);
  });

  it('"Ninguno de estos" answers the line without adding an exam or teaching the reader anything', () => {
    const none = apply([{ type: 'alternativeChosen', key: keyOf(read, 'Perfil tiroideo'), examId: NONE }], read);
    expect(pendingChoices(none)).toBe(0);
    expect(examsToAdd(none, []).map((e) => e.id)).toEqual([28, 200, 201]);
    expect(choicesMade(none)).toEqual([]);
  });

  it('leaves out an unticked exam, and ticks it back', () => {
    const key = keyOf(read, 'Orina completa + urocultivo');
    const unticked = apply([{ type: 'examToggled', key, examId: UROCULTIVO.id }], read);
    expect(examsToAdd(unticked, []).map((e) => e.id)).toEqual([28, 200]);
    expect(examsToAdd(apply([{ type: 'examToggled', key, examId: UROCULTIVO.id }], unticked), []).map((e) => e.id)).toEqual([28, 200, 201]);
  });

  it('never adds an exam twice: not one already in the box, not one two lines ask for', () => {
    const twice = apply([{ type: 'orderRead', lines: [...ORDER, { text: 'hemograma', status: 'RECOGNISED', exams: [HEMOGRAMA], alternatives: [], reason: null }] }]);
    expect(examsToAdd(twice, []).filter((e) => e.id === 28)).toHaveLength(1);
    expect(examsToAdd(twice, [{ id: 28, name: 'Hemograma' }]).map((e) => e.id)).toEqual([200, 201]);
  });

  it('replaces a corrected line with what it reads as, and keeps the other lines\' decisions', () => {
    const key = keyOf(read, 'glicemya');
    const decided = apply([{ type: 'examToggled', key: keyOf(read, 'Hemograma c/VHS'), examId: 28 }], read);
    const corrected = apply([{ type: 'lineReread', key, text: 'glicemia', lines: [{ text: 'glicemia', status: 'RECOGNISED', exams: [GLUCOSA], alternatives: [], reason: null }] }], decided);
    expect(corrected.lines.map((l) => l.line.text)).toEqual(['Hemograma c/VHS', 'Orina completa + urocultivo', 'Perfil tiroideo', 'Rx de tórax AP y L', 'glicemia']);
    expect(examsToAdd(corrected, []).map((e) => e.id)).toEqual([200, 201, 87]);
    // Still nothing the reader knows: the line stays, with the patient's words.
    const still = apply([{ type: 'lineReread', key, text: 'glcmia', lines: [] }], decided);
    expect(still.lines.at(-1)!.line).toMatchObject({ text: 'glcmia', status: 'UNKNOWN' });
    expect(new Set(still.lines.map((l) => l.key)).size).toBe(still.lines.length);
  });

  it('adds the exams the patient looked up for a line it did not recognise', () => {
    const found = apply([{ type: 'examsFound', key: keyOf(read, 'glicemya'), exams: [{ id: 87, name: 'Glucosa en sangre' }] }], read);
    expect(examsToAdd(found, []).map((e) => e.id)).toEqual([28, 200, 201, 87]);
  });

  it('sums the order up in one sentence, and counts the exams on the button', () => {
    expect(reviewSummary(read)).toBe('Leímos 5 líneas: 2 reconocidas, 1 por elegir, 1 apartada y 1 sin reconocer.');
    expect(reviewSummary(apply([{ type: 'orderRead', lines: ORDER.slice(0, 1) }]))).toBe('Leímos 1 línea: 1 reconocida.');
    expect(reviewSummary(EMPTY_REVIEW)).toMatch(/^No encontramos exámenes/);
    expect([addLabel(0), addLabel(1), addLabel(4)]).toEqual(['Agregar exámenes', 'Agregar 1 examen', 'Agregar 4 exámenes']);
  });
});

describe('what the order reader refuses before sending it', () => {
  it('an empty text, or one over 64 kB as UTF-8 bytes', () => {
    expect(textProblem('  \n ')).toMatch(/Pega el texto/);
    expect(textProblem('hemograma')).toBeNull();
    expect(textProblem('á'.repeat(32 * 1024))).toBeNull();
    expect(textProblem('á'.repeat(32 * 1024 + 1))).toMatch(/demasiado largo/);
  });

  it('a photo that is not JPEG, PNG or WebP, or over 10 MB', () => {
    expect(photoProblem({ type: 'image/jpeg', size: 2_000_000 })).toBeNull();
    expect(photoProblem({ type: '', size: 2_000_000 })).toBeNull();
    expect(photoProblem({ type: 'image/heic', size: 2_000_000 })).toMatch(/JPG, PNG o WebP/);
    expect(photoProblem({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toMatch(/10 MB/);
  });
});
