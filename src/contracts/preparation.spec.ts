import { combinePreparation, examPreparationText, visitTimeAdvice, type ExamPreparation } from './preparation';

const exam = (over: Partial<ExamPreparation>): ExamPreparation => ({
  sampleKind: 'VENOUS', fastingHours: 0, firstMorningUrine: false, collection24h: false, restMinutes: 0, morningBefore: null, medicines: null, note: null, ...over,
});
const glucosa = exam({ fastingHours: 8, medicines: 'Diabéticos: insulina después de la muestra' });
const lipidos = exam({ fastingHours: 12, note: 'Sin alcohol 24 horas antes' });
const orina = exam({ sampleKind: 'URINE', firstMorningUrine: true });
const cortisol = exam({ restMinutes: 30, morningBefore: '09:00' });

describe(combinePreparation.name, () => {
  it('takes the longest fasting and says what to bring once, for a fasting glucose, a lipid profile and a first-morning urine', () => {
    expect(combinePreparation([glucosa, lipidos, orina, orina])).toEqual({
      fastingHours: 12, morningBefore: null, restMinutes: 0, oneVisit: true,
      steps: [
        'Ayuno de 12 horas: solo puedes tomar agua.',
        'Ve temprano en la mañana, así el ayuno es el de la noche.',
        'Lleva la primera orina de la mañana en un frasco estéril, con aseo genital previo.',
        'Diabéticos: insulina después de la muestra.',
        'Sin alcohol 24 horas antes.',
      ],
    });
  });

  it('keeps the earliest hour and the longest rest, and says when the order needs the day before', () => {
    const prep = combinePreparation([cortisol, exam({ morningBefore: '10:00' }), exam({ sampleKind: 'URINE', collection24h: true })]);
    expect(prep).toMatchObject({ morningBefore: '09:00', restMinutes: 30, oneVisit: false });
    expect(combinePreparation([exam({ sampleKind: 'URINE', firstMorningUrine: true, note: 'Primera orina, segundo chorro' })]).steps).toEqual(['Primera orina, segundo chorro.']);
    expect(prep.steps).toContain('Tu orden incluye orina de 24 horas: empieza a juntarla el día anterior a tu visita, en el bidón que entrega el laboratorio.');
  });

  it('says there is nothing to prepare when no exam asks anything', () => {
    expect(combinePreparation([exam({}), exam({ sampleKind: 'INCLUDED' })]).steps).toEqual(['Sin preparación especial.']);
    expect(examPreparationText(exam({}))).toBe('Sin preparación especial.');
  });
});

describe(visitTimeAdvice.name, () => {
  const opensAt = (opens: string) => [1, 2, 3, 4, 5].map((day) => ({ day, opens, closes: '18:00' }));

  it('gives the window between the opening and the hour the order asks, or warns when the branch opens too late', () => {
    const prep = combinePreparation([cortisol, glucosa]);
    expect(visitTimeAdvice(prep, opensAt('07:30'))).toBe('Abre a las 07:30 de lunes a viernes: ve entre las 07:30 y las 09:00.');
    expect(visitTimeAdvice(prep, opensAt('09:30'))).toContain('después de la hora en que tu orden pide la muestra');
    expect(visitTimeAdvice(combinePreparation([glucosa]), opensAt('08:00'))).toBe('Abre a las 08:00 de lunes a viernes: ve temprano, en ayunas.');
    expect(visitTimeAdvice(combinePreparation([exam({})]), opensAt('08:00'))).toBeNull();
    expect(visitTimeAdvice(prep, [{ day: 6, opens: '08:00', closes: '13:00' }])).toBeNull();
  });
});
