import { defineEvent, type EventOf } from '../../../platform/messaging/domain-event';

/**
 * Facts about the exam catalogue. Payloads carry ids: consumers re-read PostgreSQL, so late or
 * repeated deliveries are harmless.
 */
export const ExamCreated = defineEvent('ExamCreated', 'Exam', (p: { examId: number }) => p.examId);
/** Name, type, synonyms or FONASA values changed: every laboratory offering it shows them. */
export const ExamUpdated = defineEvent('ExamUpdated', 'Exam', (p: { examId: number; fields: string[] }) => p.examId);
/** The exam leaves every quote; laboratories keep their prices for history. */
export const ExamRetired = defineEvent('ExamRetired', 'Exam', (p: { examId: number }) => p.examId);

/** Exams of the catalogue were created or changed by an import (names, types, synonyms, FONASA values): one event per batch. */
export const ExamsImported = defineEvent('ExamsImported', 'Exam', (p: { importId: number; examIds: number[]; created: number[]; by: number }) => `import:${p.importId}`);

export type ExamEvent = EventOf<typeof ExamCreated> | EventOf<typeof ExamUpdated> | EventOf<typeof ExamRetired> | EventOf<typeof ExamsImported>;
