import { HttpStatus } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Prisma } from '../../generated/prisma/client';
import { recordAudit } from '../../platform/audit/audit';
import type { Actor } from '../../platform/auth/actor';
import { PrismaService, type Tx } from '../../platform/database/prisma.service';
import { AppError, NotFoundError } from '../../platform/http/app-error';
import { Outbox } from '../../platform/messaging/outbox';
import { uniqueViolation } from '../accounts/accounts';
import { examChanged } from '../search/search-events';

const VIEW = {
  id: true, code: true, codeDotted: true, name: true, description: true, isActive: true,
  typeExam: { select: { id: true, code: true, name: true } },
  category: { select: { id: true, name: true } },
  fonasaYear: true, fonasaPriceLevel1: true, fonasaPriceLevel2: true, fonasaPriceLevel3: true,
  fonasaCopayLevel1: true, fonasaCopayLevel2: true, fonasaCopayLevel3: true,
  synonyms: { select: { synonym: true, kind: true }, orderBy: { synonym: 'asc' as const } },
} as const satisfies Prisma.ExamSelect;
export type ExamDetail = Prisma.ExamGetPayload<{ select: typeof VIEW }>;

export class GetExamQuery extends Query<ExamDetail> {
  constructor(readonly id: number) {
    super();
  }
}

@QueryHandler(GetExamQuery)
export class GetExamHandler implements IQueryHandler<GetExamQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ id }: GetExamQuery) {
    const exam = await this.prisma.exam.findUnique({ where: { id }, select: VIEW });
    if (!exam) throw examNotFound();
    return exam;
  }
}

export interface ExamInput {
  code?: string;
  name?: string;
  description?: string | null;
  typeExamId?: number;
  categoryId?: number | null;
  fonasaPrices?: (number | null)[];
  fonasaCopays?: (number | null)[];
  synonyms?: string[];
  isActive?: boolean;
}

/**
 * Creates or edits an exam of the catalogue (administrators). Every laboratory offering it is
 * re-projected: names, types and FONASA values show in quotes.
 */
export class SaveExamCommand extends Command<ExamDetail> {
  constructor(
    readonly actor: Actor,
    readonly input: ExamInput,
    readonly ip: string,
    readonly id?: number,
  ) {
    super();
  }
}

@CommandHandler(SaveExamCommand)
export class SaveExamHandler implements ICommandHandler<SaveExamCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  async execute({ actor, input, ip, id }: SaveExamCommand) {
    return this.prisma
      .$transaction(async (tx) => {
        if (id !== undefined && !(await tx.exam.findUnique({ where: { id }, select: { id: true } }))) throw examNotFound();
        await assertReferences(tx, input);
        const { fonasaPrices, fonasaCopays, synonyms, code, ...fields } = input;
        const data = {
          ...fields,
          ...(code && { code, codeDotted: `${code.slice(0, 2)}-${code.slice(2, 4)}-${code.slice(4)}` }),
          ...(fonasaPrices && { fonasaPriceLevel1: fonasaPrices[0] ?? null, fonasaPriceLevel2: fonasaPrices[1] ?? null, fonasaPriceLevel3: fonasaPrices[2] ?? null }),
          ...(fonasaCopays && { fonasaCopayLevel1: fonasaCopays[0] ?? null, fonasaCopayLevel2: fonasaCopays[1] ?? null, fonasaCopayLevel3: fonasaCopays[2] ?? null }),
        };
        let examId: number;
        if (id === undefined) {
          if (!data.code || !data.name || !data.typeExamId) throw new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', required({ code: data.code, name: data.name, typeExamId: data.typeExamId }));
          examId = (await tx.exam.create({ data: { ...data, code: data.code, codeDotted: data.codeDotted!, name: data.name, typeExamId: data.typeExamId } })).id;
        } else {
          examId = (await tx.exam.update({ where: { id }, data })).id;
        }
        if (synonyms) {
          await tx.examSynonym.deleteMany({ where: { examId, kind: 'manual' } });
          await tx.examSynonym.createMany({ data: [...new Set(synonyms)].map((synonym) => ({ examId, synonym, kind: 'manual' })), skipDuplicates: true });
        }
        await this.outbox.record(tx, [examChanged(examId)]);
        await recordAudit(tx, { actor, action: id === undefined ? 'exam.created' : 'exam.updated', entityType: 'Exam', entityId: examId, details: { fields: Object.keys(input).join(',') }, ip });
        return tx.exam.findUniqueOrThrow({ where: { id: examId }, select: VIEW });
      })
      .catch((error: unknown) => {
        if (uniqueViolation(error)?.includes('code')) throw new AppError(HttpStatus.CONFLICT, 'EXAM.CODE_TAKEN', 'Ya existe un examen con ese código.', { code: ['Ya existe un examen con ese código.'] });
        throw error;
      });
  }
}

/** Retires an exam: it leaves every quote, and laboratories keep their prices for history. */
export class RetireExamCommand extends Command<{ id: number }> {
  constructor(
    readonly actor: Actor,
    readonly id: number,
    readonly ip: string,
  ) {
    super();
  }
}

@CommandHandler(RetireExamCommand)
export class RetireExamHandler implements ICommandHandler<RetireExamCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  async execute({ actor, id, ip }: RetireExamCommand) {
    await this.prisma.$transaction(async (tx) => {
      const retired = await tx.exam.updateMany({ where: { id }, data: { isActive: false } });
      if (retired.count === 0) throw examNotFound();
      await this.outbox.record(tx, [examChanged(id)]);
      await recordAudit(tx, { actor, action: 'exam.retired', entityType: 'Exam', entityId: id, ip });
    });
    return { id };
  }
}

async function assertReferences(tx: Tx, input: ExamInput): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.typeExamId !== undefined && !(await tx.examType.findUnique({ where: { id: input.typeExamId }, select: { id: true } }))) errors.typeExamId = ['El tipo de examen no existe.'];
  if (input.categoryId && !(await tx.category.findUnique({ where: { id: input.categoryId }, select: { id: true } }))) errors.categoryId = ['La categoría no existe.'];
  if (Object.keys(errors).length > 0) throw new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', errors);
}

function required(fields: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v === undefined || v === '').map(([k]) => [k, ['Este campo es obligatorio.']]));
}

const examNotFound = () => new NotFoundError('EXAM.NOT_FOUND', 'El examen solicitado no existe.');
