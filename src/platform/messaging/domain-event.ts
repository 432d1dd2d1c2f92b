/**
 * A fact that happened to an aggregate, named in the past tense (`LaboratoryExamPriceChanged`).
 * Each module declares its events as a discriminated union on `type` in `<module>.events.ts`;
 * `version` grows when a payload's shape changes, so a consumer can still read older rows.
 */
export interface DomainEvent<T extends string = string, P extends object = object> {
  type: T;
  version: number;
  aggregateType: string;
  aggregateId: string | number;
  payload: P;
}

/** An event as stored in the outbox and delivered to consumers. */
export type StoredEvent<E extends DomainEvent = DomainEvent> = E & {
  id: bigint;
  aggregateId: string;
  occurredAt: Date;
};

/**
 * Declares one event type of a module: `export const ExamRetired = defineEvent('ExamRetired', 'Exam', (p: { examId: number }) => p.examId)`.
 * Calling it builds the event; `ExamRetired.type` names it in a consumer's `switch`.
 */
export function defineEvent<T extends string, P extends object>(type: T, aggregateType: string, aggregateId: (payload: P) => string | number, version = 1) {
  const create = (payload: P): DomainEvent<T, P> => ({ type, version, aggregateType, aggregateId: aggregateId(payload), payload });
  return Object.assign(create, { type } as const);
}

/** The event type a `defineEvent` declaration builds. */
export type EventOf<D extends (payload: never) => DomainEvent> = ReturnType<D>;

/**
 * Ends a `switch` over an event union: adding an event to the union that a consumer does not
 * handle stops the build here. At run time (a row of a type this build does not know) it throws,
 * so the delivery fails and is retried rather than silently dropped.
 */
export function assertNever(value: never): never {
  throw new UnhandledEventError((value as { type?: string })?.type ?? String(value));
}

export class UnhandledEventError extends Error {
  constructor(type: string) {
    super(`no handler for event type "${type}"`);
    this.name = 'UnhandledEventError';
  }
}

/**
 * The list of event types a consumer subscribes to, checked against the union it handles: the
 * object must name every type of `E` and nothing else.
 */
export function eventTypes<E extends DomainEvent>(types: { [K in E['type']]: true }): E['type'][] {
  return Object.keys(types) as E['type'][];
}
