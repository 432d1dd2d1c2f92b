import { HttpStatus } from '@nestjs/common';
import { AppError } from '../http/app-error';
import type { ReadinessReport } from './readiness';

/** The liveness answer's data: the process answers HTTP. */
export const LIVE = { status: 'ok' } as const;

/**
 * The readiness answer, shared by the API's route and the worker's health listener: the report's
 * data with 200 when ready or degraded, else a 503 in the envelope naming what failed.
 */
export function readinessAnswer(report: ReadinessReport) {
  if (report.status === 'shutting-down') {
    throw new AppError(HttpStatus.SERVICE_UNAVAILABLE, 'HEALTH.SHUTTING_DOWN', 'El servicio se está deteniendo.');
  }
  if (report.status === 'not-ready') {
    const errors = Object.fromEntries(report.failing.map((name) => [name, ['No responde.']]));
    throw new AppError(HttpStatus.SERVICE_UNAVAILABLE, 'HEALTH.NOT_READY', 'El servicio aún no está listo.', errors);
  }
  return { status: report.status, checks: report.checks, delivery: report.delivery };
}
