import { SetMetadata } from '@nestjs/common';

/**
 * Names what a route answers in the envelope's `data` when its method's return type cannot say it (it answers JSON
 * already serialized). Read by scripts/openapi-answers.mts from the type argument; it does nothing when the app runs.
 */
export const DocumentedAnswer =
  <T>(): MethodDecorator =>
  () => undefined as unknown as T extends never ? never : undefined;

export const RAW_ANSWER = 'cotizalab:openapi-raw-answer';

/** How a route that writes its own response answers: a file or page of these media types, or a 303 redirect. */
export type RawAnswer = { kind: 'file'; mediaTypes: string[] } | { kind: 'redirect' };

/** The route answers a file or page (no envelope): a CSV, a PDF, a picture, an HTML page. */
export const AnswersFile = (...mediaTypes: [string, ...string[]]) => SetMetadata(RAW_ANSWER, { kind: 'file', mediaTypes } satisfies RawAnswer);

/** The route answers 303 See Other to the page the browser goes on to. */
export const AnswersRedirect = () => SetMetadata(RAW_ANSWER, { kind: 'redirect' } satisfies RawAnswer);
