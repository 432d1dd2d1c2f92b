import { HttpStatus } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Prisma } from '../../generated/prisma/client';
import { recordAudit } from '../../platform/audit/audit';
import type { Actor } from '../../platform/auth/actor';
import { PrismaService, type Tx } from '../../platform/database/prisma.service';
import { AppError, NotFoundError } from '../../platform/http/app-error';
import { page, type Page } from '../../platform/http/envelope';
import { Outbox } from '../../platform/messaging/outbox';
import { nearLocationsChanged } from '../search/search-events';
import { loadReferenceData } from '../seed/reference-data';

/**
 * Near locations: comuna A lists comuna B as near, so a search in A "with neighbours" also shows
 * B's laboratories. A change re-projects the laboratories of B (the comunas they serve changed).
 */
const VIEW = {
  id: true, distanceKm: true, source: true, createdAt: true,
  location: { select: { id: true, name: true } },
  nearLocation: { select: { id: true, name: true } },
} as const satisfies Prisma.NearLocationSelect;
export type NearLocationView = Prisma.NearLocationGetPayload<{ select: typeof VIEW }>;

export class SearchNearLocationsQuery extends Query<Page<NearLocationView>> {
  constructor(readonly filter: { locationId?: number; currentPage: number; perPage: number }) {
    super();
  }
}

@QueryHandler(SearchNearLocationsQuery)
export class SearchNearLocationsHandler implements IQueryHandler<SearchNearLocationsQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ filter }: SearchNearLocationsQuery) {
    const where = filter.locationId ? { locationId: filter.locationId } : {};
    const [items, total] = await Promise.all([
      this.prisma.nearLocation.findMany({ where, select: VIEW, orderBy: [{ location: { name: 'asc' } }, { distanceKm: 'asc' }, { id: 'asc' }], skip: (filter.currentPage - 1) * filter.perPage, take: filter.perPage }),
      this.prisma.nearLocation.count({ where }),
    ]);
    return page(items, total, filter.currentPage, filter.perPage);
  }
}

export interface NearLocationInput {
  locationId?: number;
  nearLocationId?: number;
  distanceKm?: number | null;
}

/** Adds (no id) or changes a near location pair, by hand. */
export class SaveNearLocationCommand extends Command<NearLocationView> {
  constructor(
    readonly actor: Actor,
    readonly input: NearLocationInput,
    readonly ip: string,
    readonly id?: number,
  ) {
    super();
  }
}

@CommandHandler(SaveNearLocationCommand)
export class SaveNearLocationHandler implements ICommandHandler<SaveNearLocationCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  async execute({ actor, input, ip, id }: SaveNearLocationCommand) {
    return this.prisma
      .$transaction(async (tx) => {
        const current = id === undefined ? null : await tx.nearLocation.findUnique({ where: { id } });
        if (id !== undefined && !current) throw nearNotFound();
        const pair = { locationId: input.locationId ?? current?.locationId, nearLocationId: input.nearLocationId ?? current?.nearLocationId };
        await assertComunas(tx, pair);
        if (pair.locationId === pair.nearLocationId) throw invalid({ nearLocationId: ['Una comuna no puede ser cercana de sí misma.'] });
        const data = { locationId: pair.locationId!, nearLocationId: pair.nearLocationId!, distanceKm: input.distanceKm, source: 'MANUAL' as const };
        const saved = current ? await tx.nearLocation.update({ where: { id: current.id }, data, select: VIEW }) : await tx.nearLocation.create({ data, select: VIEW });
        await this.outbox.record(tx, [nearLocationsChanged([...new Set([data.nearLocationId, ...(current ? [current.nearLocationId] : [])])])]);
        await recordAudit(tx, { actor, action: current ? 'near_location.updated' : 'near_location.created', entityType: 'NearLocation', entityId: saved.id, ip });
        return saved;
      })
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === 'P2002') throw new AppError(HttpStatus.CONFLICT, 'NEAR_LOCATION.DUPLICATE', 'Esa comuna ya es cercana de la otra.');
        throw error;
      });
  }
}

export class DeleteNearLocationCommand extends Command<{ id: number }> {
  constructor(
    readonly actor: Actor,
    readonly id: number,
    readonly ip: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteNearLocationCommand)
export class DeleteNearLocationHandler implements ICommandHandler<DeleteNearLocationCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  async execute({ actor, id, ip }: DeleteNearLocationCommand) {
    await this.prisma.$transaction(async (tx) => {
      const current = await tx.nearLocation.findUnique({ where: { id } });
      if (!current) throw nearNotFound();
      await tx.nearLocation.delete({ where: { id } });
      await this.outbox.record(tx, [nearLocationsChanged([current.nearLocationId])]);
      await recordAudit(tx, { actor, action: 'near_location.deleted', entityType: 'NearLocation', entityId: id, ip });
    });
    return { id };
  }
}

/** Loads the shipped shared-border adjacency (data/reference), both ways; pairs already there stay as they are. */
export class ImportNearLocationsCommand extends Command<{ added: number; total: number }> {
  constructor(
    readonly actor: Actor,
    readonly ip: string,
  ) {
    super();
  }
}

@CommandHandler(ImportNearLocationsCommand)
export class ImportNearLocationsHandler implements ICommandHandler<ImportNearLocationsCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  async execute({ actor, ip }: ImportNearLocationsCommand) {
    const { adjacency } = loadReferenceData();
    return this.prisma.$transaction(async (tx) => {
      const comunas = new Map((await tx.location.findMany({ where: { kind: 'COMUNA' }, select: { id: true, code: true } })).map((c) => [c.code, c.id]));
      const rows = adjacency
        .filter((a) => comunas.has(a.code) && comunas.has(a.adjacentCode))
        .map((a) => ({ locationId: comunas.get(a.code)!, nearLocationId: comunas.get(a.adjacentCode)!, distanceKm: a.km, source: 'ADJACENT' as const }));
      const added = await tx.nearLocation.createManyAndReturn({ data: rows, skipDuplicates: true, select: { nearLocationId: true } });
      if (added.length > 0) await this.outbox.record(tx, [nearLocationsChanged([...new Set(added.map((a) => a.nearLocationId))])]);
      await recordAudit(tx, { actor, action: 'near_location.imported', entityType: 'NearLocation', entityId: 'reference', details: { added: added.length }, ip });
      return { added: added.length, total: await tx.nearLocation.count() };
    });
  }
}

async function assertComunas(tx: Tx, pair: { locationId?: number; nearLocationId?: number }): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const field of ['locationId', 'nearLocationId'] as const) {
    const id = pair[field];
    if (id === undefined) errors[field] = ['Indica la comuna.'];
    else if (!(await tx.location.findFirst({ where: { id, kind: 'COMUNA' }, select: { id: true } }))) errors[field] = ['La comuna indicada no existe.'];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

const invalid = (errors: Record<string, string[]>) => new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', errors);
const nearNotFound = () => new NotFoundError('NEAR_LOCATION.NOT_FOUND', 'La comuna cercana no existe.');
