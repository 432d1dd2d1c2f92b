import { Query } from '@nestjs/cqrs';

/** An exam and how many browsing sessions chose it for a search. */
export interface ExamChoice {
  examId: number;
  sessions: number;
}

/**
 * What people choose in the search box, which the exam look-up ranks by (issue 18): each exam with
 * the browsing sessions that searched a quote for it over the last `months` months. The catalogue
 * asks, the reports answer from their rollups (ExamChoicesHandler in the reports module, which
 * already depends on the catalogue; the catalogue depending on the reports would close a cycle).
 */
export class ExamChoicesQuery extends Query<ExamChoice[]> {
  constructor(readonly months = 12) {
    super();
  }
}
