import type { Tx } from '../../../../platform/database/prisma.service';
import { invalidField, ValidationError } from '../../../../platform/http/app-error';
import { foldTerm } from '../../exams';
import { orderTermErrors, type OrderTermMeaning } from '../domain/order-term-rules';
import { OrderTermIsExamSynonymError, OrderTermTakenError } from '../order-terms.errors';

/** The folded term, which the reader compares; a term of only punctuation folds to nothing. */
export function foldedTerm(term: string): string {
  const folded = foldTerm(term);
  if (folded === '') throw invalidField('term', 'El término debe tener letras o números.');
  if (folded.length > 200) throw invalidField('term', 'Máximo 200 caracteres.');
  return folded;
}

/** The kind's rules (400 per field), then every exam named exists and is active (a retired one is never read). */
export async function assertMeaning(tx: Tx, meaning: OrderTermMeaning): Promise<void> {
  const errors = orderTermErrors(meaning);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (meaning.examIds.length === 0) return;
  const active = new Set((await tx.exam.findMany({ where: { id: { in: meaning.examIds }, isActive: true }, select: { id: true } })).map((e) => e.id));
  const missing = meaning.examIds.filter((id) => !active.has(id));
  if (missing.length > 0) {
    throw invalidField('examIds', missing.length === 1 ? `El examen ${missing[0]} no existe o está retirado.` : `Los exámenes ${missing.join(', ')} no existen o están retirados.`);
  }
}

/**
 * A new folded term (a create, or an edit that changes how it reads) is in no other row of the
 * vocabulary, and is no active exam's synonym: those are kept on the exam's form, where the
 * reader and the search box both learn them. (An existing term that is also a synonym, as the seed
 * has a few ambiguous ones such as "PCR", keeps being edited here.)
 */
export async function assertTermIsFree(tx: Tx, folded: string, exceptId?: number): Promise<void> {
  const taken = await tx.orderTerm.findUnique({ where: { folded }, select: { id: true, term: true } });
  if (taken && taken.id !== exceptId) throw new OrderTermTakenError(taken.term);
  // A few hundred rows, folded here as the reader folds them (accents, punctuation, "24hrs"): SQL cannot say the same.
  const synonyms = await tx.examSynonym.findMany({ where: { exam: { isActive: true } }, select: { synonym: true, exam: { select: { codeDotted: true, name: true } } }, orderBy: { id: 'asc' } });
  const synonym = synonyms.find((s) => foldTerm(s.synonym) === folded);
  if (synonym) throw new OrderTermIsExamSynonymError(synonym.synonym, { codeDotted: synonym.exam.codeDotted, name: shortName(synonym.exam.name) });
}

/** "Hemograma (incluye recuentos...)" as "Hemograma". */
const shortName = (name: string) => {
  const cut = name.indexOf('(');
  return cut > 0 ? name.slice(0, cut).trim() : name;
};
