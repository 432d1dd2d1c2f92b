import { bestSplit, type SplitCandidate } from './split-offer';
import type { VisitFeeRule } from './search-index';

const GLUCOSA = 1;
const CREATININA = 2;
const ORINA = 3;
const lab = (laboratoryId: number, lines: [number, number][], venous: number | null = null): SplitCandidate => ({
  laboratoryId, identifierName: `Lab ${laboratoryId}`, comunaId: 9, accepts: true, fees: { VENOUS: venous }, bonoLevel: null,
  lines: lines.map(([examId, pays]) => ({ examId, pays })),
});
// Blood exams need the venous taking; the urine is brought by the patient.
const rulesFor = (examIds: number[]): VisitFeeRule[] => (examIds.some((id) => id !== ORINA) ? [{ kind: 'VENOUS', bono: null }] : []);
const none = { kind: 'NONE' } as const;

describe(bestSplit.name, () => {
  it('offers two branches when none has the whole order, each exam where it costs less', () => {
    const offer = bestSplit([lab(1, [[GLUCOSA, 3000], [ORINA, 2000]]), lab(2, [[CREATININA, 4000], [ORINA, 2500]])], [GLUCOSA, CREATININA, ORINA], rulesFor, none);
    expect(offer).toEqual({
      toPay: 9000, saving: null, single: null,
      visits: [
        { laboratoryId: 1, identifierName: 'Lab 1', comunaId: 9, examIds: [GLUCOSA, ORINA], fees: [], toPay: 5000 },
        { laboratoryId: 2, identifierName: 'Lab 2', comunaId: 9, examIds: [CREATININA], fees: [], toPay: 4000 },
      ],
    });
  });

  it('offers a split only when it saves 15 % and $5.000 against the best whole order, each visit paying its own sample taking', () => {
    const whole = lab(3, [[GLUCOSA, 20000], [CREATININA, 20000]], 2000);
    const cheapGlucosa = lab(4, [[GLUCOSA, 5000]], 2000);
    const cheapCreatinina = lab(5, [[CREATININA, 5000]], 3000);
    // 42.000 alone (its fee counted) against 15.000 in two visits (5.000 + 2.000 and 5.000 + 3.000): worth it.
    const offer = bestSplit([whole, cheapGlucosa, cheapCreatinina], [GLUCOSA, CREATININA], rulesFor, none)!;
    expect(offer).toMatchObject({ toPay: 15000, saving: 27000, single: { laboratoryId: 3, toPay: 42000 } });
    expect(offer.visits.map((v) => [v.laboratoryId, v.examIds, v.fees.map((f) => f.amount), v.toPay])).toEqual([[4, [GLUCOSA], [2000], 7000], [5, [CREATININA], [3000], 8000]]);
    // Less than $5.000 saved, or less than 15 %: the whole order at one branch is simpler.
    expect(bestSplit([lab(6, [[GLUCOSA, 6000], [CREATININA, 6000]]), lab(7, [[GLUCOSA, 3000]]), lab(8, [[CREATININA, 5000]])], [GLUCOSA, CREATININA], rulesFor, none)).toBeNull();
    expect(bestSplit([lab(6, [[GLUCOSA, 50000], [CREATININA, 50000]]), lab(7, [[GLUCOSA, 46000]]), lab(8, [[CREATININA, 46000]])], [GLUCOSA, CREATININA], rulesFor, none)).toBeNull();
  });

  it('offers nothing when no two branches cover the order together', () => {
    expect(bestSplit([lab(1, [[GLUCOSA, 3000]]), lab(2, [[GLUCOSA, 2000]])], [GLUCOSA, CREATININA], rulesFor, none)).toBeNull();
  });
});
