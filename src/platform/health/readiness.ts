import { Injectable } from '@nestjs/common';

/** Something a module needs reachable before the process is ready (the search index...). */
export interface ReadinessCheck {
  readonly name: string;
  /** Which adapter answers (`postgres`, `elasticsearch`), shown in the health answer. */
  readonly kind: string;
  /** Throws when unreachable. */
  ping(): Promise<void>;
}

/** Where modules register their readiness checks, so the platform's health route needs no module. */
@Injectable()
export class ReadinessChecks {
  private readonly checks: ReadinessCheck[] = [];

  register(check: ReadinessCheck): void {
    this.checks.push(check);
  }

  all(): readonly ReadinessCheck[] {
    return this.checks;
  }
}
