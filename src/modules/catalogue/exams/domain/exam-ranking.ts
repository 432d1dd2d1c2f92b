/**
 * How the search box orders the exams a term matches (issue 18): by how common the exam is, then
 * by how much of a name or synonym the letters typed cover from the start of its words, then by
 * how they match with a typo. MiniSearch finds the candidates (prefixes, typos, synonyms); these
 * rules order them, because its BM25 score rewards rare words ("hemosiderina") over the exam
 * everyone orders ("hemograma", whose synonyms make its word common).
 */

/** lower case, without accents: "Glicemía" -> "glicemia". */
export const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Words that say nothing about which exam is meant ("perfil de lípidos" = "perfil lípidos"). */
export const STOP_WORDS = new Set(['de', 'del', 'la', 'las', 'el', 'los', 'en', 'y', 'e', 'con', 'por', 'para', 'o', 'u', 'al']);

/** MiniSearch's own word split (spaces and punctuation), so both sides see the same words. */
const SPLIT = /[\n\r\p{Z}\p{P}]+/u;

/** The meaningful folded words of a text, as the index keeps them. */
export const wordsOf = (text: string) => foldText(text).split(SPLIT).filter((w) => w !== '' && !STOP_WORDS.has(w));

/** The typos a word may carry, as the index allows them: none up to 3 letters, one from 4, two from 8. */
export const fuzziness = (term: string) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0);

/** Edit distance (Levenshtein) of two short words, giving up (Infinity) past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return Infinity;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, current[j]);
    }
    if (best > max) return Infinity;
    previous = current;
  }
  return previous[b.length] <= max ? previous[b.length] : Infinity;
}

/** A name or synonym as the ranking reads it. */
export interface RankedText {
  words: string[];
  /** Letters of its words: what the typed letters are a share of. */
  letters: number;
}

export const rankedText = (text: string): RankedText => {
  const words = wordsOf(text);
  return { words, letters: words.reduce((n, w) => n + w.length, 0) };
};

/**
 * How well the typed words name this text, 0 to 1.5. The share of its letters they cover from the
 * start of its words, a word typed with a typo counting a quarter (a start of a word beats a typo:
 * "crea" is creatinina before urea), softened (power 0.7) so that how common an exam is weighs
 * more than how short its name is; halved for each word found only elsewhere (what the official
 * name includes); and 1.5 times when the words typed are the whole text ("tsh", "vitamina d",
 * "triglicéridos"): typing a whole name means that exam.
 */
export function textMatch(terms: string[], text: RankedText): number {
  if (terms.length === 0 || text.letters === 0) return 0;
  let covered = 0;
  let elsewhere = 0;
  let typos = 0;
  const used = new Set<number>();
  for (const term of terms) {
    const start = text.words.findIndex((w, i) => !used.has(i) && w.startsWith(term));
    if (start >= 0) {
      used.add(start);
      covered += term.length;
      continue;
    }
    const allowed = fuzziness(term);
    const typo = allowed === 0 ? -1 : text.words.findIndex((w, i) => !used.has(i) && Math.min(editDistance(term, w, allowed), editDistance(term, w.slice(0, term.length), allowed)) <= allowed);
    if (typo >= 0) {
      used.add(typo);
      typos += 1;
      covered += Math.min(term.length, text.words[typo].length) / 4;
    } else {
      elsewhere += 1;
    }
  }
  const share = Math.min(1, covered / text.letters) ** 0.7 * 0.5 ** elsewhere;
  return typos === 0 && elsewhere === 0 && covered === text.letters ? share * 1.5 : share;
}

/**
 * How common an exam is, 0 to 2: the catalogue's prior (0–100, set by administrators) plus what
 * people chose (`choices`: sessions that searched for it), on a log scale against the most chosen
 * exam, so a handful of searches moves an exam and a runaway favourite does not flatten the rest.
 */
export function commonness(prior: number, choices: number, mostChoices: number): number {
  const learned = mostChoices > 0 && choices > 0 ? Math.log1p(choices) / Math.log1p(mostChoices) : 0;
  return prior / 100 + learned;
}

/**
 * The ranking score of an exam for the typed words: how well they name it, times up to three for
 * how common it is, times up to 1.2 for how many laboratories offer it (`offered` 0–1), which only
 * orders exams alike in the rest.
 */
export const rankScore = (match: number, common: number, offered: number) => match * (1 + common) * (1 + 0.2 * offered);
