import type { LaboratoryPageExam, LaboratoryQuote } from '@contracts';
import { searchCalls } from '../../../api/search';
import { shortExamName } from '../../../app/format';
import { payerOf } from '../search/payer';
import type { Insurer } from '../search/searchSlice';
import type { CartItem } from './cartSlice';

/** An order quoted at one laboratory, as the search asks it (the exams, the previsión and the plan). */
export interface OrderAtLaboratory {
  exams: number[];
  pensionHealtInstitutionId: number | null;
  coveragePercentage: number | null;
  /** The plan's cap per exam in UF (`tope`). */
  coverageCapUf: number | null;
  /** For a child (`nino=1`): the pediatric sample taking. */
  pediatric: boolean;
}

/** Whether the quote's previsión pays part of it: FONASA's bono or an Isapre's share, at a laboratory that takes it. */
export function previsionShares(quote: LaboratoryQuote, insurer: Insurer | undefined): boolean {
  const payer = payerOf(insurer);
  return (payer === 'FONASA' || payer === 'ISAPRE') && quote.acceptsInsurer !== false;
}

/**
 * The cart lines of an order quoted at one laboratory: the laboratory's own exams (the cart adds laboratory exams,
 * by their id) with what the patient pays for each with the previsión, when the previsión pays something (a
 * private quote is the price).
 */
export function cartLinesOf(offered: LaboratoryPageExam[], quote: LaboratoryQuote, laboratory: { id: number; name: string }, insurer: Insurer | undefined): CartItem[] {
  const pays = new Map(quote.exams.map((e) => [e.examId, e.copay]));
  const shared = insurer !== undefined && previsionShares(quote, insurer);
  const payer = payerOf(insurer) === 'FONASA' ? 'FONASA' : 'ISAPRE';
  return offered
    .filter((e) => pays.has(e.id))
    .map((e) => ({
      id: e.laboratoryExamId, name: shortExamName(e.name), categoryName: laboratory.name, cover: '', description: e.name, price: e.price, code: e.code,
      options: [], quantity: 1, laboratoryId: laboratory.id, examId: e.id,
      ...(shared ? { patientPays: pays.get(e.id)!, payerLabel: insurer!.name, payer } : {}),
    }));
}

/** Quotes an order at one laboratory and reads its exams, for the cart (a split order's visit). */
export async function fetchCartLines(laboratory: { id: number; name: string }, order: OrderAtLaboratory, insurer: Insurer | undefined): Promise<CartItem[]> {
  const [quote, lines] = await Promise.all([
    searchCalls.quote({ ...order, laboratoryId: laboratory.id, perPage: 1 }),
    searchCalls.laboratoryPage(laboratory.id, { exams: order.exams, perPage: 30 }),
  ]);
  const item = quote.items[0];
  return item ? cartLinesOf(lines.exams.items, item, laboratory, insurer) : [];
}
