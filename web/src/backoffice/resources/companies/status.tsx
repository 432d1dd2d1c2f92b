import type { CompanyStatus } from '@contracts';

export const STATUS_LABELS: Record<CompanyStatus, string> = { PENDING: 'Pendiente', APPROVED: 'Aprobada', REJECTED: 'Rechazada' };
const STATUS_TAGS: Record<CompanyStatus, string> = { PENDING: 'cl-tag--warn', APPROVED: 'cl-tag--ok', REJECTED: 'cl-tag--danger' };

/** The company's status as a tag: pendiente, aprobada, rechazada. */
export const StatusTag = ({ status }: { status: CompanyStatus }) => <span className={`cl-tag ${STATUS_TAGS[status]}`}>{STATUS_LABELS[status]}</span>;
