import { ConflictError, NotFoundError } from '../../../platform/http/app-error';

export class OrderTermNotFoundError extends NotFoundError {
  constructor() {
    super('ORDER_TERM.NOT_FOUND', 'El término del vocabulario no existe.');
  }
}

/** Another term of the vocabulary reads the same once folded ("Rx Tórax" and "rx torax"). */
export class OrderTermTakenError extends ConflictError {
  constructor(existing: string) {
    super('ORDER_TERM.TERM_TAKEN', `El vocabulario ya tiene «${existing}», que se lee igual: edita ese término en vez de crear otro.`, 'term');
  }
}

/** The term is already one exam's synonym: it is kept on that exam's form, not here. */
export class OrderTermIsExamSynonymError extends ConflictError {
  constructor(synonym: string, exam: { codeDotted: string; name: string }) {
    super('ORDER_TERM.EXAM_SYNONYM', `«${synonym}» ya es sinónimo del examen ${exam.codeDotted} ${exam.name}: edítalo en la ficha de ese examen.`, 'term');
  }
}
