import { Injectable } from '@nestjs/common';
import { recordAudit, type AuditEntry } from '../audit/audit';
import { PrismaService, type Tx } from '../database/prisma.service';
import type { DomainEvent } from '../messaging/domain-event';
import { Outbox } from '../messaging/outbox';
import type { CommandContext } from './command-context';

/** What a command's work collects while it runs: the events it caused and the audit trail of who did it. */
export class Changes {
  readonly events: DomainEvent[] = [];
  readonly audits: Omit<AuditEntry, 'actor' | 'ip'>[] = [];

  /** An event to publish once (and only if) the transaction commits. */
  record(...events: DomainEvent[]): void {
    this.events.push(...events);
  }

  /** An audit row (`exam.retired` on `Exam` 12), written with the caller's actor and IP. */
  audit(action: string, entityType: string, entityId: string | number, details?: AuditEntry['details']): void {
    this.audits.push({ action, entityType, entityId, details });
  }
}

/**
 * Runs a command's writes in one transaction, and in the same transaction its outbox events and
 * audit rows: all of them commit together or none does. The one place commands open a
 * transaction, write the outbox and the audit log.
 */
@Injectable()
export class UnitOfWork {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  run<T>(ctx: CommandContext | null, work: (tx: Tx, changes: Changes) => Promise<T>, options?: { timeout?: number }): Promise<T> {
    return this.prisma.$transaction(async (tx) => {
      const changes = new Changes();
      const result = await work(tx, changes);
      await this.outbox.record(tx, changes.events);
      if (changes.audits.length > 0 && !ctx) throw new MissingCommandContextError();
      for (const audit of changes.audits) await recordAudit(tx, { ...audit, actor: ctx!.actor, ip: ctx!.ip });
      return result;
    }, options);
  }
}

export class MissingCommandContextError extends Error {
  constructor() {
    super('an audited change needs the command context (actor and IP)');
    this.name = 'MissingCommandContextError';
  }
}
