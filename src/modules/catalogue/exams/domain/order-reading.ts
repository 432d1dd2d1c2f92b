/**
 * How a medical order, as a Chilean doctor writes it, becomes exams (issue 26): the order is cut into
 * lines (line breaks, numbered lists, bullets, commas, semicolons), the order's own furniture is left
 * out (patient, RUT, dates, diagnosis, signature), preambles and qualifiers that change nothing are
 * dropped ("solicito", "en ayunas", "control"), and each line is read against the vocabulary: a FONASA
 * code in any written form, a term known whole (a name, a synonym or abbreviation, a panel, an
 * ambiguous term, an item that is not a laboratory exam), several exams joined by "y" or "+", and at
 * last the look-up's fuzzy matching, which only recognises a line it names without doubt. A doubt is
 * a question to the patient (AMBIGUOUS), never a silent choice: a wrong exam is a wrong price.
 */
import { editDistance, foldText, fuzziness, STOP_WORDS } from './exam-ranking';

/** What a term known whole means. */
export type TermReading =
  | { kind: 'EXAM' | 'PANEL'; examIds: number[] }
  | { kind: 'AMBIGUOUS'; examIds: number[] }
  | { kind: 'NOT_LAB'; reason: string }
  | { kind: 'IGNORE' };

/** One candidate of the fuzzy look-up: an exam and the words of the name or synonym that found it. */
export interface Candidate {
  examId: number;
  /** The folded words of the name (before its parenthesis) or synonym matched. */
  words: string[];
  /** The folded words of what the official name adds in its parenthesis ("látex", "incluye INR"). */
  detail: string[];
  /** The look-up's ranking (how common, how well named): orders candidates alike. */
  rank: number;
}

/** What the reader needs of the catalogue (ExamLookup gives it from its in-memory snapshot). */
export interface Vocabulary {
  /** The reading of a folded term known whole, if any. */
  term(folded: string): TermReading | undefined;
  /** The active exam with this 7-digit FONASA code. */
  code(code: string): number | undefined;
  /** Folded phrases that change nothing ("en ayunas"), longest first. */
  ignorable: readonly string[];
  /** Whether a folded word is a word of any name, synonym or term of the catalogue. */
  knows(word: string): boolean;
  /** The fuzzy look-up's candidates for a folded text, best first. */
  candidates(folded: string): Candidate[];
}

export type LineStatus = 'RECOGNISED' | 'AMBIGUOUS' | 'NOT_LAB' | 'UNKNOWN';

export interface LineReading {
  text: string;
  status: LineStatus;
  examIds: number[];
  alternatives: number[];
  reason: string | null;
}

/** Folds a written term as the vocabulary keys it: lower case, no accents, punctuation as spaces, "24hrs" as "24 hrs". */
export function foldTerm(text: string): string {
  return foldText(text)
    .replace(/(\d)\s*(?:h|hr|hrs|hora|horas)\b\.?/g, '$1 hrs')
    .replace(/[^\p{L}\p{N}+]+/gu, ' ')
    .replace(/\s*\+\s*/g, ' + ')
    .trim();
}

/**
 * A FONASA laboratory code as orders write it: "0301045", "03-01-045", "03.01.045", "301045" (the
 * leading zero lost), "3-01-045"; followed or not by the exam's name. Returns the 7 digits and the rest.
 */
export function parseCode(text: string): { code: string; rest: string } | undefined {
  const match = /^\s*(?:cod(?:igo)?\.?\s*:?\s*)?(0?3)[\s.\-]?(\d{2})[\s.\-]?(\d{3})(?!\d)(.*)$/i.exec(text);
  if (!match) return undefined;
  return { code: `0${match[1].slice(-1)}${match[2]}${match[3]}`, rest: match[4].replace(/^[\s:.\-–]+/, '') };
}

/** Labels of an order's own furniture: a line that starts with one is not an exam. */
const FURNITURE = /^(?:nombre|paciente|sr|sra|srta|rut|run|edad|fecha|fecha de nacimiento|f nac|nacimiento|sexo|prevision|isapre|fonasa|dg|dx|diagnostico|diagnosticos|hipotesis diagnostica|hd|dr|dra|doctor|doctora|medico|medica|medico tratante|profesional|firma|timbre|telefono|fono|celular|direccion|domicilio|correo|email|e mail|ficha|folio|n de ficha|centro|servicio|cesfam|hospital|clinica|consultorio|especialidad|rce|registro|medicina (?:interna|general|familiar)|pediatria|ginecologia|obstetricia|traumatologia|cardiologia|endocrinologia|neurologia|urologia|nefrologia|gastroenterologia|reumatologia|dermatologia|psiquiatria|cirugia)\b/;
/** A line that is only a date, a RUT or a phone number. */
const BARE_FACT = /^(?:\d{1,2}[/.\-]\d{1,2}[/.\-](?:\d{2}|\d{4})|\d{1,2}\.?\d{3}\.?\d{3}\s*-\s*[\dkK]|\+?\d[\d\s]{7,})$/;
/** A list marker at the start of a line: "1.", "2)", "3 -", "a)", "-", "•". */
const LIST_MARKER = /^\s*(?:\(?\d{1,2}\s*[.)]\s*(?![\d])|\d{1,2}\s+-\s+|[a-z]\)\s*|[-*•·–—>]+\s*)/i;
/** Joins of several exams in one line, as written. */
const WRITTEN_JOINS = /\s+(?:y|e|m[aá]s)\s+|\s*[+/]\s*/i;

/** Cuts an order into the lines the reader reads, as written (without list markers). */
export function orderLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    // A sentence ends a line too ("... calciuria de 24 hrs. Densitometría ósea."), not an abbreviation ("Ac. Úrico").
    .split(/[\n;•·]+|(?<=\p{L}{3})\.\s+(?=\p{Lu})/u)
    .flatMap((line) => splitOutsideParentheses(line.replace(LIST_MARKER, '')))
    .map((line) => line.replace(LIST_MARKER, '').replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '' && (/\p{L}/u.test(line) || line.replace(/\D/g, '').length >= 6) && !isFurniture(line));
}

/** Commas and " - " cut a line, except inside a parenthesis ("Electrolitos (sodio, potasio, cloro)"). */
function splitOutsideParentheses(line: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let piece = '';
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '(') depth += 1;
    if (char === ')') depth = Math.max(0, depth - 1);
    const dash = char === ' ' && line.startsWith(' - ', i);
    if (depth === 0 && ((char === ',' && !/\d/.test(line[i + 1] ?? '')) || dash)) {
      pieces.push(piece);
      piece = '';
      if (dash) i += 2;
      continue;
    }
    piece += char;
  }
  return [...pieces, piece];
}

function isFurniture(line: string): boolean {
  return BARE_FACT.test(line.trim()) || FURNITURE.test(foldTerm(line));
}

/** "calciuria de 24 hrs" as "calciuria 24 hrs": the vocabulary keys terms both ways. */
export const withoutStopWords = (folded: string) => folded.split(' ').filter((w) => !STOP_WORDS.has(w)).join(' ');

/** Removes the phrases that change nothing, as whole words. */
function withoutIgnorable(folded: string, vocabulary: Vocabulary): string {
  let text = ` ${folded} `;
  for (const phrase of vocabulary.ignorable) {
    if (text.includes(` ${phrase} `)) text = text.split(` ${phrase} `).join(' ');
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** What one written piece asks for, before it becomes a line of the answer. */
type Piece =
  | { status: 'RECOGNISED'; examIds: number[] }
  | { status: 'AMBIGUOUS'; alternatives: number[] }
  | { status: 'NOT_LAB'; reason: string }
  | { status: 'UNKNOWN' }
  | { status: 'EMPTY' };

const settled = (piece: Piece) => piece.status === 'RECOGNISED' || piece.status === 'NOT_LAB' || piece.status === 'EMPTY';

/** Reads every line of an order. */
export function readOrder(text: string, vocabulary: Vocabulary): LineReading[] {
  let previous: string | undefined;
  return orderLines(text).flatMap((line) => {
    const readings = readLine(line, vocabulary, previous);
    previous = line;
    return readings;
  });
}

/**
 * Reads one line: after a label, what follows it; an item that is not a laboratory exam by its first
 * words ("Rx de rodilla derecha"); the line whole, then without its parenthesis; as exams joined by
 * "y", "+", "/" (one entry when every piece is recognised, else one entry per piece, so each doubt is
 * asked on its own); at last as the words of known terms ("TP TTPK").
 */
export function readLine(line: string, vocabulary: Vocabulary, previous?: string): LineReading[] {
  // "Control DM2: HbA1c + glicemia", "Perfil de coagulación: TP y TTPK": what follows a label is what is
  // asked; the label alone only when nothing follows it that is an exam ("Glicemia: en ayunas").
  const labelled = /^([^:]{1,40}):\s*(.+)$/.exec(line);
  if (labelled) {
    const asked = readLine(labelled[2], vocabulary);
    if (asked.some((l) => l.status !== 'UNKNOWN')) return asked;
    const label = readLine(labelled[1], vocabulary);
    return label.length > 0 && label.every((l) => l.status !== 'UNKNOWN') ? label : asked;
  }
  if (isNote(foldTerm(line), vocabulary)) return [];
  const variants = [...new Set([line, line.replace(/\([^)]*\)?/g, ' ').trim()])].filter((v) => v !== '');
  let first: Piece | undefined;
  let firstJoined: ReturnType<typeof readJoined>;
  for (const variant of variants) {
    const whole = readText(variant, vocabulary, previous);
    first ??= whole;
    if (settled(whole)) return answer(line, whole);
    const joined = readJoined(variant, vocabulary);
    if (variant === variants[0]) firstJoined = joined;
    if (joined?.every(({ piece }) => piece.status === 'RECOGNISED' || piece.status === 'EMPTY')) {
      return answer(line, { status: 'RECOGNISED', examIds: [...new Set(joined.flatMap(({ piece }) => (piece.status === 'RECOGNISED' ? piece.examIds : [])))] });
    }
    const terms = knownWords(foldTerm(variant), vocabulary);
    if (terms) return answer(line, terms);
  }
  // Some piece is not an exam without doubt: each piece said on its own, unless none is anything.
  if (firstJoined?.some(({ piece }) => piece.status !== 'UNKNOWN')) return firstJoined.flatMap(({ text, piece }) => answer(text, piece));
  return answer(line, first ?? { status: 'UNKNOWN' });
}

/** The pieces of a line joined by "y", "+", "/", each read alone; undefined for a line of one piece. */
function readJoined(line: string, vocabulary: Vocabulary): { text: string; piece: Piece }[] | undefined {
  const written = line.split(WRITTEN_JOINS).map((p) => p.trim()).filter((p) => foldTerm(p) !== '' && foldTerm(p) !== '+');
  if (written.length < 2) return undefined;
  let previous: string | undefined;
  return written
    .map((text) => {
      const piece = readText(text, vocabulary, previous);
      previous = text;
      return { text, piece };
    })
    .filter(({ piece }) => piece.status !== 'EMPTY');
}

/**
 * Reads a text that may name one exam: a code, a term known whole (with or without what changes
 * nothing), the fuzzy look-up; then without trailing words the catalogue does not know ("INR control
 * TACO", "Progesterona día 21"); then a lone variant after a longer line ("Toxoplasma IgG" / "IgM").
 */
function readText(written: string, vocabulary: Vocabulary, previous?: string): Piece {
  const notLab = notLabByItsHead(foldTerm(written), vocabulary);
  if (notLab) return notLab;
  const piece = readPiece(written, vocabulary);
  if (settled(piece)) return piece;
  const words = withoutIgnorable(foldTerm(written), vocabulary).split(' ');
  let kept = words.length;
  while (kept > 1 && (!vocabulary.knows(words[kept - 1]) || /^\d+$/.test(words[kept - 1]) || STOP_WORDS.has(words[kept - 1]))) kept -= 1;
  if (kept < words.length) {
    const shorter = readPiece(words.slice(0, kept).join(' '), vocabulary);
    if (shorter.status === 'RECOGNISED') return shorter;
  }
  if (previous && words.length === 1) {
    const before = withoutIgnorable(foldTerm(previous), vocabulary).split(' ');
    if (before.length >= 2) {
      const variant = readPiece([...before.slice(0, -1), words[0]].join(' '), vocabulary);
      if (variant.status === 'RECOGNISED') return variant;
    }
  }
  return piece;
}

function answer(text: string, piece: Piece): LineReading[] {
  switch (piece.status) {
    case 'EMPTY':
      return [];
    case 'RECOGNISED':
      return [{ text, status: 'RECOGNISED', examIds: piece.examIds, alternatives: [], reason: null }];
    case 'AMBIGUOUS':
      return [{ text, status: 'AMBIGUOUS', examIds: [], alternatives: piece.alternatives, reason: null }];
    case 'NOT_LAB':
      return [{ text, status: 'NOT_LAB', examIds: [], alternatives: [], reason: piece.reason }];
    case 'UNKNOWN':
      return [{ text, status: 'UNKNOWN', examIds: [], alternatives: [], reason: null }];
  }
}

/**
 * A note on the line before, not an exam: it opens with words that change nothing and the rest names
 * nothing the catalogue knows ("TSH - control levotiroxina", "- urgente").
 */
function isNote(folded: string, vocabulary: Vocabulary): boolean {
  const opens = vocabulary.ignorable.some((phrase) => folded === phrase || folded.startsWith(`${phrase} `));
  const rest = withoutIgnorable(folded, vocabulary).split(' ').filter((w) => w !== '' && !STOP_WORDS.has(w));
  return opens && rest.every((word) => !vocabulary.knows(word));
}

/** An item that is not a laboratory exam, named by the line's first words ("Rx de rodilla derecha", "Eco partes blandas"). */
function notLabByItsHead(folded: string, vocabulary: Vocabulary): Piece | undefined {
  const words = folded.split(' ');
  for (let n = Math.min(4, words.length); n >= 1; n--) {
    const reading = vocabulary.term(words.slice(0, n).join(' '));
    if (reading?.kind === 'NOT_LAB') return { status: 'NOT_LAB', reason: reading.reason };
  }
  return undefined;
}

/** Pieces already read with a vocabulary: one order reads the same text several ways (whole, joined, shortened). */
const readPieces = new WeakMap<Vocabulary, Map<string, Piece>>();

/** A code, a term known whole (with or without what changes nothing), or the fuzzy look-up. */
function readPiece(written: string, vocabulary: Vocabulary): Piece {
  let read = readPieces.get(vocabulary);
  if (!read) readPieces.set(vocabulary, (read = new Map()));
  if (!read.has(written)) read.set(written, readPieceOnce(written, vocabulary));
  return read.get(written)!;
}

function readPieceOnce(written: string, vocabulary: Vocabulary): Piece {
  const code = parseCode(written);
  if (code) {
    const examId = vocabulary.code(code.code);
    // "0301059 + 0301085": two codes joined are the joins' to read.
    if (/^(?:[+/,]|y\s|e\s)/i.test(code.rest)) return { status: 'UNKNOWN' };
    if (examId !== undefined) return { status: 'RECOGNISED', examIds: [examId] };
    if (code.rest.trim() !== '') return readPieceOnce(code.rest, vocabulary);
    return { status: 'UNKNOWN' };
  }
  const folded = foldTerm(written);
  const known = knownTerm(folded, vocabulary);
  if (known) return known;
  const kept = withoutIgnorable(folded, vocabulary);
  if (kept === '') return { status: 'EMPTY' };
  if (kept !== folded) {
    const found = knownTerm(kept, vocabulary);
    if (found) return found;
  }
  return fuzzy(kept, vocabulary);
}

function knownTerm(folded: string, vocabulary: Vocabulary): Piece | undefined {
  const reading = vocabulary.term(folded) ?? vocabulary.term(folded.replace(/\s+/g, '')) ?? vocabulary.term(withoutStopWords(folded));
  if (!reading) return undefined;
  switch (reading.kind) {
    case 'EXAM':
    case 'PANEL':
      return reading.examIds.length > 0 ? { status: 'RECOGNISED', examIds: reading.examIds } : undefined;
    case 'AMBIGUOUS':
      return reading.examIds.length > 1 ? { status: 'AMBIGUOUS', alternatives: reading.examIds.slice(0, 3) } : reading.examIds.length === 1 ? { status: 'RECOGNISED', examIds: reading.examIds } : undefined;
    case 'NOT_LAB':
      return { status: 'NOT_LAB', reason: reading.reason };
    case 'IGNORE':
      return { status: 'EMPTY' };
  }
}

/** Several words, each a term known whole for one exam or panel ("TP TTPK", "HMG PBQ"). */
function knownWords(folded: string, vocabulary: Vocabulary): Piece | undefined {
  const words = withoutIgnorable(folded, vocabulary).split(' ').filter((w) => w !== '+' && !STOP_WORDS.has(w));
  if (words.length < 2) return undefined;
  const examIds: number[] = [];
  for (const word of words) {
    const reading = vocabulary.term(word);
    if (!reading || (reading.kind !== 'EXAM' && reading.kind !== 'PANEL') || reading.examIds.length === 0) return undefined;
    examIds.push(...reading.examIds);
  }
  return { status: 'RECOGNISED', examIds: [...new Set(examIds)] };
}

/** How a candidate's words answer the written words. */
interface Fit {
  candidate: Candidate;
  /** Every written word found in the candidate (whole, as a prefix of 3+ letters, or within its typos). */
  allWritten: boolean;
  /** Every word of the candidate's name or synonym written. */
  allNamed: boolean;
  /** Letters mistyped, over all the written words. */
  typos: number;
  /** Share of the written words found (0 when none is in the name or synonym itself). */
  share: number;
  /** Written words found in the name or synonym as written (no typo). */
  named: number;
  /** Written words not found. */
  unfound: string[];
}

/**
 * Where a written word is among a name's words: whole; as the start of a longer word when it is no
 * word of the catalogue itself (doctors shorten: "creat", "trigl"; but "test" is not "testosterona");
 * or within its typos.
 */
function findWord(word: string, words: string[], used: Set<number>, known: boolean): { at: number; typo: boolean; edits: number } {
  let at = words.findIndex((w, i) => !used.has(i) && w === word);
  if (at < 0 && word.length >= 3 && !known) at = words.findIndex((w, i) => !used.has(i) && w.startsWith(word));
  if (at >= 0) return { at, typo: false, edits: 0 };
  const allowed = fuzziness(word);
  let best = { at: -1, typo: false, edits: Infinity };
  if (allowed > 0) {
    words.forEach((w, i) => {
      const edits = used.has(i) ? Infinity : editDistance(word, w, allowed);
      if (edits < best.edits) best = { at: i, typo: true, edits };
    });
  }
  return best;
}

function fit(written: string[], candidate: Candidate, vocabulary: Vocabulary): Fit {
  const used = new Set<number>();
  const usedDetail = new Set<number>();
  let found = 0;
  let typos = 0;
  let named = 0;
  const unfound: string[] = [];
  for (const word of written) {
    const known = vocabulary.knows(word);
    let hit = findWord(word, candidate.words, used, known);
    if (hit.at >= 0) {
      used.add(hit.at);
      if (!hit.typo) named += 1;
    } else {
      hit = findWord(word, candidate.detail, usedDetail, known);
      if (hit.at >= 0) usedDetail.add(hit.at);
    }
    if (hit.at < 0) {
      unfound.push(word);
      continue;
    }
    found += 1;
    typos += hit.edits;
  }
  // What the name only includes ("hemoglobina, hematocrito" of the hemograma) never names it alone.
  const inName = used.size > 0;
  return { candidate, allWritten: inName && found === written.length, allNamed: used.size === candidate.words.length, typos, share: inName ? found / written.length : 0, named, unfound };
}

/**
 * The fuzzy look-up, trusted only without doubt. A line is recognised when the exam that every
 * written word names, its whole name written with the fewest typos, is the only one so named (or the
 * only exam every written word names at all); exams named as well, or that share only part of what
 * was written, are a question (the 2-3 best); nothing close is UNKNOWN.
 */
function fuzzy(folded: string, vocabulary: Vocabulary): Piece {
  const written = folded.split(' ').filter((w) => w !== '' && w !== '+' && !STOP_WORDS.has(w));
  if (written.length === 0) return { status: 'EMPTY' };
  const fits = new Map<number, Fit>();
  for (const candidate of vocabulary.candidates(folded).slice(0, 30)) {
    const f = fit(written, candidate, vocabulary);
    const seen = fits.get(candidate.examId);
    if (!seen || order(f, seen) < 0) fits.set(candidate.examId, f);
  }
  const ranked = [...fits.values()].sort(order);
  const complete = ranked.filter((f) => f.allWritten);
  if (complete.length > 0) {
    const [best, next] = complete;
    // Typos alone never name an exam ("Medicina interna" is not "medición ... interna").
    const trusted = best.allNamed || (best.named > 0 && best.typos === 0);
    const unrivalled = !next || (best.allNamed && !(next.allNamed && next.typos <= best.typos));
    if (trusted && unrivalled) return { status: 'RECOGNISED', examIds: [best.candidate.examId] };
    return alternatives(complete);
  }
  // Some written words name nothing: a question only when the best share most of what was written,
  // one word of it as the name writes it ("Medicina interna" is no exam with a typo).
  const close = ranked.filter((f) => f.share >= 0.5 && f.named > 0);
  // One exam alone whose whole name is written, as written, with words around it that name no other
  // exam ("Niveles plasmáticos de ácido valproico", "Test rápido estreptococo grupo A"): that exam.
  if (close.length === 1 && close[0].allNamed && close[0].typos === 0 && !folded.includes('+') && close[0].unfound.every((w) => !vocabulary.knows(w))) {
    return { status: 'RECOGNISED', examIds: [close[0].candidate.examId] };
  }
  return close.length > 0 ? alternatives(close) : { status: 'UNKNOWN' };
}

/** Best fit first: every written word found, the whole name written, fewer typos, then the look-up's rank. */
const order = (a: Fit, b: Fit) =>
  Number(b.allWritten) - Number(a.allWritten) || b.share - a.share || Number(b.allNamed) - Number(a.allNamed) || a.typos - b.typos || b.candidate.rank - a.candidate.rank;

function alternatives(fits: Fit[]): Piece {
  return { status: 'AMBIGUOUS', alternatives: fits.slice(0, 3).map((f) => f.candidate.examId) };
}
