import type { Insurer } from './searchSlice';

/**
 * How the chosen previsión pays a quote, as the server computes it (docs/decisions.md, "The quote"):
 * FONASA tramos B–D with bonos at the laboratory's MLE level, tramo A at private prices, an Isapre
 * with its plan percentage (an estimate), or no insurer at all.
 */
export type Payer = 'FONASA' | 'FONASA_A' | 'ISAPRE' | 'NONE';

export function payerOf(insurer: Insurer | undefined): Payer {
  if (!insurer || insurer.type === 'none') return 'NONE';
  if (insurer.type === 'public') return insurer.code === 'fonasa_a' ? 'FONASA_A' : 'FONASA';
  return 'ISAPRE';
}
