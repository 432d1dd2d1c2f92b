import { SetMetadata } from '@nestjs/common';

/**
 * Names what a route answers in the envelope's `data` when its method's return type cannot say it (it answers JSON
 * already serialized). Read by scripts/openapi-answers.mts from the type argument; it does nothing when the app runs.
 */
export const DocumentedAnswer =
  // The type argument is the whole point; it is read from the source, so nothing here uses it.
  <_Answer>(): MethodDecorator =>
  () => undefined;

export const RAW_ANSWER = 'cotizalab:openapi-raw-answer';

/** How a route that writes its own response answers: a file of these media types. */
export interface RawAnswer {
  mediaTypes: string[];
}

/** The route answers a file (no envelope): a CSV, a spreadsheet, a PDF, a picture. */
export const AnswersFile = (...mediaTypes: [string, ...string[]]) => SetMetadata(RAW_ANSWER, { mediaTypes } satisfies RawAnswer);
