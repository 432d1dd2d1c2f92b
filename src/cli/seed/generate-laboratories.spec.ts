import { generateLaboratories, priceLevel } from './generate-laboratories';
import { loadReferenceData } from '../../platform/reference-data/reference-data';

describe(generateLaboratories.name, () => {
  const reference = loadReferenceData();

  it('is deterministic for a seed and count', () => {
    expect(generateLaboratories(reference, 40)).toEqual(generateLaboratories(reference, 40));
    expect(generateLaboratories(reference, 40, 1)).not.toEqual(generateLaboratories(reference, 40, 2));
  });

  it('places most branches where people live', () => {
    const { laboratories } = generateLaboratories(reference, 300);
    const inMetropolitana = laboratories.filter((lab) => lab.comunaCode.startsWith('13')).length;
    expect(inMetropolitana / 300).toBeGreaterThan(0.3);
    expect(inMetropolitana / 300).toBeLessThan(0.6);
    expect(new Set(laboratories.map((lab) => lab.comunaCode.slice(0, 2))).size).toBeGreaterThanOrEqual(12);
  });

  it('prices exams around the FONASA value of the laboratory level, in whole tens of pesos', () => {
    const { laboratories } = generateLaboratories(reference, 50);
    const fonasa = new Map(reference.exams.map((e) => [e.code, e.price]));
    for (const lab of laboratories) {
      expect(lab.exams.length).toBeGreaterThan(50);
      for (const exam of lab.exams) {
        // A branch without FONASA has no level: its prices follow one of the three.
        const levels = lab.fonasaLevel === null ? ([1, 2, 3] as const) : [lab.fonasaLevel];
        const near = levels.some((level) => {
          const base = fonasa.get(exam.code)![priceLevel(level) - 1] ?? fonasa.get(exam.code)![0]!;
          return exam.price / base > 0.7 && exam.price / base < 1.75;
        });
        expect(exam.price % 10).toBe(0);
        expect(near).toBe(true);
      }
    }
  });

  it('offers the common exams (hemograma, perfil lipídico) almost everywhere', () => {
    const { laboratories } = generateLaboratories(reference, 200);
    const offering = (code: string) => laboratories.filter((lab) => lab.exams.some((e) => e.code === code)).length / 200;
    expect(offering('0301045')).toBeGreaterThan(0.8);
    expect(offering('0302034')).toBeGreaterThan(0.8);
  });

  it('gives every branch a unique name', () => {
    const { laboratories } = generateLaboratories(reference, 1000);
    expect(new Set(laboratories.map((lab) => lab.identifierName)).size).toBe(1000);
  });

  it('gives a level in the MLE and the bono to the branches taking FONASA only, and an ordinary means of payment to every branch', () => {
    const { laboratories } = generateLaboratories(reference, 300);
    for (const lab of laboratories) {
      const takesFonasa = lab.insurerCodes.includes('fonasa');
      expect(lab.fonasaLevel !== null).toBe(takesFonasa);
      expect(lab.attributes.includes('MEDIOS_PAGO/BONO_ELECTRONICO')).toBe(takesFonasa);
      expect(lab.attributes.some((code) => ['MEDIOS_PAGO/EFECTIVO', 'MEDIOS_PAGO/DEBITO', 'MEDIOS_PAGO/CREDITO'].includes(code))).toBe(true);
    }
    expect(laboratories.some((lab) => lab.fonasaLevel === null)).toBe(true);
  });
});
