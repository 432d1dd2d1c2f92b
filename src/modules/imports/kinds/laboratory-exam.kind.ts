import { Prisma } from '../../../generated/prisma/client';
import type { Changes } from '../../../platform/cqrs/unit-of-work';
import type { PrismaService, Tx } from '../../../platform/database/prisma.service';
import { mleBonoColumns } from '../../catalogue/exams';
import { STALE_AFTER_MONTHS, findOffersByPairs, offerMany, pairKey, refreshOfferStatistics } from '../../catalogue/pricing';
import { RowErrors, parsePesos, type ColumnSpec } from '../domain/columns';
import { reviewPrice } from '../domain/price-review';
import type { ImportKindHandler, ImportScope, ParsedRow, RowOutcome } from './import-kind';

const COLUMNS = {
  branchCode: { key: 'branchCode', header: 'codigo_sucursal', aliases: ['sucursal', 'codigo de sucursal', 'cod sucursal', 'branch code'], example: 'SUC-01' },
  branchId: { key: 'branchId', header: 'id_sucursal', aliases: ['id de sucursal', 'id laboratorio', 'laboratory id'], example: '' },
  examCode: { key: 'examCode', header: 'codigo_fonasa', aliases: ['codigo', 'codigo examen', 'codigo del examen', 'cod fonasa', 'code'], required: true, example: '0301045' },
  examName: { key: 'examName', header: 'examen', aliases: ['nombre', 'nombre examen', 'nombre del examen'], example: 'Hemograma' },
  price: { key: 'price', header: 'precio', aliases: ['valor', 'precio particular', 'price'], required: true, example: '6500' },
} satisfies Record<string, ColumnSpec>;

/** The price list's columns by key: the template, the import and the export of a company's prices (issue 27) share them. */
export type PriceListColumn = keyof typeof COLUMNS;

export interface PriceRow {
  laboratoryId: number;
  examId: number;
  price: number;
}

export interface PriceLookups {
  branchesByCode: Map<string, { id: number; name: string; code: string | null }>;
  branchesById: Map<number, { id: number; name: string; code: string | null }>;
  examsByCode: Map<string, { id: number; name: string; isActive: boolean }>;
  examNames: Map<number, string>;
  /** The median of the authorized prices by region and exam (`region:exam`), read once per import as the dry run meets them. */
  regionMedians: Map<string, number | null>;
}

/** `0301045`, `03-01-045` and `301045` (Excel drops the leading zero) are the same FONASA code. */
export function normalizeExamCode(text: string): string | null {
  const digits = text.replace(/[\s.-]/g, '');
  if (!/^\d{5,7}$/.test(digits)) return null;
  return digits.padStart(7, '0');
}

const normalizeBranchCode = (code: string) => code.trim().toUpperCase();

/** `POST /api/laboratory-exam-import`: the prices of a company's branches, one row per branch and exam. */
export class LaboratoryExamImportKind implements ImportKindHandler<PriceRow, PriceLookups> {
  readonly kind = 'laboratory-exam' as const;
  readonly columns = Object.values(COLUMNS);
  readonly oneOf = [['branchCode', 'branchId']];
  readonly adminOnly = false;
  readonly companyOwned = true;

  async prepare(db: PrismaService | Tx, scope: ImportScope): Promise<PriceLookups> {
    const grants = scope.actor.profile !== 'ADM' && scope.actor.laboratoryIds ? scope.actor.laboratoryIds : null;
    const branches = await db.laboratory.findMany({
      where: { companyId: scope.companyId ?? -1, ...(grants && { id: { in: grants } }) },
      select: { id: true, identifierName: true, branchCode: true },
    });
    const exams = await db.exam.findMany({ select: { id: true, code: true, name: true, isActive: true } });
    const branch = (b: (typeof branches)[number]) => ({ id: b.id, name: b.identifierName, code: b.branchCode });
    return {
      branchesByCode: new Map(branches.filter((b) => b.branchCode).map((b) => [normalizeBranchCode(b.branchCode!), branch(b)])),
      branchesById: new Map(branches.map((b) => [b.id, branch(b)])),
      examsByCode: new Map(exams.map((e) => [e.code, { id: e.id, name: e.name, isActive: e.isActive }])),
      examNames: new Map(exams.map((e) => [e.id, e.name])),
      regionMedians: new Map(),
    };
  }

  parse(cells: Record<string, string>, row: number, lookups: PriceLookups): ParsedRow<PriceRow> {
    const errors = new RowErrors(row);
    const codeText = cells.branchCode ?? '';
    const idText = cells.branchId ?? '';
    let branch: { id: number; name: string; code: string | null } | undefined;
    if (!codeText && !idText) errors.add(COLUMNS.branchCode, null, 'REQUIRED', 'Indica el código de la sucursal (o su id).');
    else if (codeText) {
      branch = lookups.branchesByCode.get(normalizeBranchCode(codeText));
      if (!branch) errors.add(COLUMNS.branchCode, codeText, 'UNKNOWN_BRANCH', 'Tu empresa no tiene una sucursal con este código.');
    } else {
      branch = /^\d+$/.test(idText) ? lookups.branchesById.get(Number(idText)) : undefined;
      if (!branch) errors.add(COLUMNS.branchId, idText, 'UNKNOWN_BRANCH', 'Tu empresa no tiene una sucursal con este id.');
    }

    const examText = cells.examCode ?? '';
    const examCode = normalizeExamCode(examText);
    const exam = examCode ? lookups.examsByCode.get(examCode) : undefined;
    if (!examText) errors.add(COLUMNS.examCode, null, 'REQUIRED', 'Indica el código FONASA del examen.');
    else if (!exam) errors.add(COLUMNS.examCode, examText, 'UNKNOWN_EXAM', 'No existe un examen con este código FONASA.');
    else if (!exam.isActive) errors.add(COLUMNS.examCode, examText, 'EXAM_RETIRED', 'Este examen fue retirado del catálogo.');

    const priceText = cells.price ?? '';
    const price = parsePesos(priceText);
    if (!priceText) errors.add(COLUMNS.price, null, 'REQUIRED', 'Indica el precio.');
    else if (price === null) errors.add(COLUMNS.price, priceText, 'INVALID_NUMBER', 'El precio debe ser un número en pesos, sin decimales.');
    else if (price < 0) errors.add(COLUMNS.price, priceText, 'NEGATIVE_PRICE', 'El precio no puede ser negativo.');
    else if (price === 0) errors.add(COLUMNS.price, priceText, 'INVALID_VALUE', 'El precio debe ser mayor que cero.');
    else if (price > 100_000_000) errors.add(COLUMNS.price, priceText, 'INVALID_VALUE', 'El precio es demasiado alto.');

    const label = `${branch ? (branch.code ?? `#${branch.id}`) : codeText || idText} · ${examCode ?? examText}${exam ? ` ${exam.name}` : ''}`;
    return { row, label, data: errors.any ? null : { laboratoryId: branch!.id, examId: exam!.id, price: price! }, errors: errors.list };
  }

  key(data: PriceRow): string {
    return pairKey(data.laboratoryId, data.examId);
  }

  /**
   * What each row will do, and its review (issue 27): the price it sets beside the branch's current one, FONASA's
   * arancel and the region's median for the exam, and the flags a person should look at before confirming.
   */
  async classify(db: PrismaService | Tx, _scope: ImportScope, rows: { row: number; data: PriceRow }[], lookups: PriceLookups): Promise<RowOutcome[]> {
    if (rows.length === 0) return [];
    // One after the other: `db` is the dry run's transaction, one connection.
    const offers = await findOffersByPairs(db, rows.map((r) => r.data), false);
    const references = await this.references(db, rows.map((r) => r.data));
    await this.readMedians(db, [...references.values()].map((r) => ({ regionId: r.regionId, examId: r.examId })), lookups.regionMedians);
    return rows.map(({ row, data }) => {
      const offer = offers.get(pairKey(data.laboratoryId, data.examId));
      const reference = references.get(pairKey(data.laboratoryId, data.examId));
      const regionMedian = reference ? (lookups.regionMedians.get(`${reference.regionId}:${data.examId}`) ?? null) : null;
      const price = { previous: offer?.state.price ?? null, next: data.price };
      const review = { fonasaArancel: reference?.arancel ?? null, regionMedian, flags: reviewPrice(price, { regionMedian, bonoCopay: reference?.bonoCopay ?? null }) };
      const status = !offer ? 'CREATE' : offer.state.price === data.price && offer.state.isActive ? 'UNCHANGED' : 'UPDATE';
      return { row, status, errors: [], price, review };
    });
  }

  /** Per branch and exam: the branch's region, FONASA's arancel (at the branch's MLE level when it takes the bono, else level 1) and the bono copay. */
  private async references(db: PrismaService | Tx, pairs: PriceRow[]) {
    const bono = mleBonoColumns('l', 'e');
    const found = await db.$queryRaw<{ laboratory_id: number; exam_id: number; region_id: number; arancel: number | null; bono_copay: number | null }[]>(Prisma.sql`
      SELECT l.id AS laboratory_id, e.id AS exam_id, c.parent_id AS region_id,
             coalesce(${bono.arancel}, e.fonasa_price_level1) AS arancel, ${bono.copay} AS bono_copay
      FROM unnest(${pairs.map((p) => p.laboratoryId)}::int[], ${pairs.map((p) => p.examId)}::int[]) AS p(laboratory_id, exam_id)
      JOIN laboratory l ON l.id = p.laboratory_id JOIN exam e ON e.id = p.exam_id JOIN location c ON c.id = l.comuna_id`);
    return new Map(found.map((r) => [pairKey(r.laboratory_id, r.exam_id), { regionId: r.region_id, examId: r.exam_id, arancel: r.arancel, bonoCopay: r.bono_copay }]));
  }

  /** The medians of the pairs not read yet: the region's authorized prices of the exam, active branches, confirmed in the last months. */
  private async readMedians(db: PrismaService | Tx, pairs: { regionId: number; examId: number }[], medians: Map<string, number | null>): Promise<void> {
    const missing = [...new Map(pairs.map((p) => [`${p.regionId}:${p.examId}`, p])).entries()].filter(([key]) => !medians.has(key)).map(([, p]) => p);
    if (missing.length === 0) return;
    const found = await db.$queryRaw<{ region_id: number; exam_id: number; median: number }[]>(Prisma.sql`
      SELECT c.parent_id AS region_id, o.exam_id, percentile_disc(0.5) WITHIN GROUP (ORDER BY o.price)::int AS median
      FROM laboratory_exam o
      JOIN laboratory ol ON ol.id = o.laboratory_id AND ol.is_active
      JOIN location c ON c.id = ol.comuna_id
      WHERE o.status = 'AUTHORIZED' AND o.is_active AND o.confirmed_at > now() - make_interval(months => ${STALE_AFTER_MONTHS})
        AND (c.parent_id, o.exam_id) IN (SELECT * FROM unnest(${missing.map((p) => p.regionId)}::int[], ${missing.map((p) => p.examId)}::int[]))
      GROUP BY 1, 2`);
    for (const p of missing) medians.set(`${p.regionId}:${p.examId}`, null);
    for (const r of found) medians.set(`${r.region_id}:${r.exam_id}`, r.median);
  }

  refreshStatistics(tx: Tx): Promise<void> {
    return refreshOfferStatistics(tx);
  }

  /** Pricing's rules set the prices (offerMany); a row refused at commit time becomes an error row on its column. */
  async apply(tx: Tx, changes: Changes, scope: ImportScope, rows: { row: number; data: PriceRow }[]): Promise<RowOutcome[]> {
    const outcomes = await offerMany(tx, changes, { actor: scope.actor, companyId: scope.companyId ?? -1, importId: scope.importId }, rows.map((r) => r.data));
    return rows.map(({ row }, i): RowOutcome => {
      const outcome = outcomes[i];
      if (outcome.status === 'ERROR') return { row, status: 'ERROR', errors: [{ row, column: (outcome.field === 'laboratoryId' ? COLUMNS.branchCode : COLUMNS.examCode).header, value: null, code: outcome.code, message: outcome.message }] };
      if (outcome.status === 'UNCHANGED') return { row, status: 'UNCHANGED', errors: [] };
      return { row, status: outcome.status, errors: [], price: outcome.price, ...(outcome.pending && { pending: true }) };
    });
  }
}
