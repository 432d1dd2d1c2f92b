import { MAX_VISIT_FEE, type OpeningHours, type VisitFeeInput, type VisitFeeKind } from '../../../contracts/laboratories';
import type { Changes } from '../../../platform/cqrs/unit-of-work';
import type { PrismaService, Tx } from '../../../platform/database/prisma.service';
import { emailField, phoneField } from '../../../platform/http/fields';
import { BranchBatch, type BranchChange, type BranchOutcome } from '../../catalogue/laboratories';
import { RowErrors, normalizeHeader, type ColumnSpec } from '../domain/columns';
import type { ImportKindHandler, ImportScope, ParsedRow, RowOutcome } from './import-kind';

const COLUMNS = {
  branchCode: { key: 'branchCode', header: 'codigo_sucursal', aliases: ['codigo', 'codigo de sucursal', 'cod sucursal', 'sucursal'], required: true, example: 'SUC-01' },
  name: { key: 'name', header: 'nombre', aliases: ['nombre sucursal', 'nombre de la sucursal'], required: true, example: 'Laboratorio Centro' },
  address: { key: 'address', header: 'direccion', aliases: ['domicilio'], required: true, example: 'Av. Libertador Bernardo O’Higgins 1234' },
  comuna: { key: 'comuna', header: 'comuna', required: true, example: 'Santiago' },
  phone: { key: 'phone', header: 'telefono', aliases: ['fono', 'telefono contacto'], example: '+56 2 2123 4567' },
  email: { key: 'email', header: 'email', aliases: ['correo', 'correo electronico', 'e mail'], example: 'centro@laboratorio.cl' },
  hours: { key: 'hours', header: 'horario', aliases: ['horarios', 'horario de atencion'], example: 'lu-vi 08:00-18:00; sa 09:00-13:00' },
  fonasaLevel: { key: 'fonasaLevel', header: 'nivel_fonasa', aliases: ['nivel', 'nivel mle', 'nivel fonasa mle'], example: '2' },
  insurers: { key: 'insurers', header: 'previsiones', aliases: ['prevision', 'convenios', 'isapres'], example: 'FONASA|Banmédica|Colmena' },
  // Fees charged apart from the exams (issue 30): an empty cell charges none; a column left out keeps what is stored.
  feeVenous: { key: 'feeVenous', header: 'toma_venosa', aliases: ['toma de muestra venosa', 'toma venosa'], example: '2500' },
  feeCapillary: { key: 'feeCapillary', header: 'toma_capilar', aliases: ['toma de muestra capilar', 'toma capilar'], example: '' },
  feePediatric: { key: 'feePediatric', header: 'toma_pediatrica', aliases: ['toma de muestra pediatrica', 'toma pediatrica'], example: '3500' },
  afterHours: { key: 'afterHours', header: 'recargo_fuera_horario', aliases: ['recargo', 'recargo horario'], example: '3000 18:00-21:00' },
} satisfies Record<string, ColumnSpec>;

/** The fee columns and the kind each one states. */
const FEE_COLUMNS = [[COLUMNS.feeVenous, 'VENOUS'], [COLUMNS.feeCapillary, 'CAPILLARY'], [COLUMNS.feePediatric, 'PEDIATRIC'], [COLUMNS.afterHours, 'AFTER_HOURS']] as const;

/** A branch row: what the laboratories module's batch takes (a field left out keeps what is stored). */
export type BranchRow = BranchChange;

export interface BranchLookups {
  comunas: Map<string, { id: number; name: string }>;
  insurers: Map<string, number>;
  present: Set<string>;
}

const DAYS: Record<string, number> = { lu: 1, ma: 2, mi: 3, ju: 4, vi: 5, sa: 6, do: 7, fe: 8 };

/** `lu-vi 08:00-18:00; sa 09:00-13:00; fe 10:00-13:00` (full day names too): null when it does not read. */
export function parseOpeningHours(text: string): OpeningHours[] | null {
  const hours: OpeningHours[] = [];
  for (const part of text.split(/[;\n]/).map((p) => p.trim()).filter(Boolean)) {
    const match = /^(.+?)\s+(\d{1,2}:\d{2})\s*(?:-|a)\s*(\d{1,2}:\d{2})$/i.exec(part);
    if (!match) return null;
    const [, daysText, opensText, closesText] = match;
    const time = (t: string) => (/^([01]?\d|2[0-3]):[0-5]\d$/.test(t) ? t.padStart(5, '0') : null);
    const opens = time(opensText);
    const closes = time(closesText);
    if (!opens || !closes || opens >= closes) return null;
    for (const item of daysText.split(',').map((d) => d.trim())) {
      // `lu-vi` or `lunes a viernes`; `sa` alone is one day.
      const ends = item.split(/\s*-\s*|\s+a\s+/);
      const [from, to] = ends.map((d) => DAYS[normalizeHeader(d).slice(0, 2)]);
      if (!from || ends.length > 2 || (ends.length === 2 && !to)) return null;
      for (let day = from; day <= (to ?? from); day++) hours.push({ day, opens, closes });
    }
  }
  return hours.length > 0 && hours.length <= 24 ? hours.sort((a, b) => a.day - b.day || a.opens.localeCompare(b.opens)) : null;
}

/** "2500", "2.500" or "$2.500": whole pesos; null when it does not read. */
const pesos = (text: string) => (/^\$?\s*\d{1,3}(\.?\d{3})*$/.test(text.trim()) ? Number(text.replace(/[$.\s]/g, '')) : null);

/** A fee cell: empty (none), an amount, or for the surcharge "3000 18:00-21:00" (also "$3.000 de 18:00 a 21:00"). */
export function parseFeeCell(kind: VisitFeeKind, text: string): VisitFeeInput | null | 'invalid' {
  const cell = text.trim();
  if (!cell) return null;
  if (kind !== 'AFTER_HOURS') {
    const amount = pesos(cell);
    return amount !== null && amount >= 1 && amount <= MAX_VISIT_FEE ? { kind, amount } : 'invalid';
  }
  const match = /^(.+?)\s+(?:de\s+)?(\d{1,2}:\d{2})\s*(?:-|a)\s*(\d{1,2}:\d{2})$/i.exec(cell);
  const amount = match ? pesos(match[1]) : null;
  const time = (t: string) => (/^([01]?\d|2[0-3]):[0-5]\d$/.test(t) ? t.padStart(5, '0') : null);
  const [startsAt, endsAt] = match ? [time(match[2]), time(match[3])] : [null, null];
  if (amount === null || amount < 1 || amount > MAX_VISIT_FEE || !startsAt || !endsAt || startsAt === endsAt) return 'invalid';
  return { kind, amount, startsAt, endsAt };
}

const normalizeCode = (code: string) => code.trim().toUpperCase();

/** `POST /api/laboratory-import`: a company's branches, each named by the branch code the company chooses. */
export class LaboratoryImportKind implements ImportKindHandler<BranchRow, BranchLookups> {
  readonly kind = 'laboratory' as const;
  readonly columns = Object.values(COLUMNS);
  readonly adminOnly = false;
  readonly companyOwned = true;

  async prepare(db: PrismaService | Tx): Promise<BranchLookups> {
    const comunas = await db.location.findMany({ where: { kind: 'COMUNA' }, select: { id: true, code: true, name: true } });
    const insurers = await db.insurer.findMany({ where: { isActive: true }, select: { id: true, code: true, name: true } });
    const byComuna = new Map<string, { id: number; name: string }>();
    for (const c of comunas) {
      byComuna.set(c.code, { id: c.id, name: c.name });
      byComuna.set(normalizeHeader(c.name), { id: c.id, name: c.name });
    }
    const byInsurer = new Map<string, number>();
    for (const i of insurers) {
      byInsurer.set(normalizeHeader(i.code), i.id);
      byInsurer.set(normalizeHeader(i.name), i.id);
    }
    return { comunas: byComuna, insurers: byInsurer, present: new Set() };
  }

  withColumns(lookups: BranchLookups, keys: string[]): BranchLookups {
    return { ...lookups, present: new Set(keys) };
  }

  parse(cells: Record<string, string>, row: number, lookups: BranchLookups): ParsedRow<BranchRow> {
    const errors = new RowErrors(row);
    const text = (column: ColumnSpec, max: number, required: boolean) => {
      const value = (cells[column.key] ?? '').replace(/\s+/g, ' ').trim();
      if (!value && required) errors.add(column, null, 'REQUIRED', `Indica ${column === COLUMNS.branchCode ? 'el código de la sucursal' : column === COLUMNS.name ? 'el nombre de la sucursal' : 'la dirección'}.`);
      else if (value.length > max) errors.add(column, value.slice(0, 50), 'TOO_LONG', `Máximo ${max} caracteres.`);
      else if (/[<>{}]/.test(value)) errors.add(column, value, 'INVALID_VALUE', 'No puede contener los caracteres < > { }.');
      return value;
    };
    const branchCode = normalizeCode(text(COLUMNS.branchCode, 40, true));
    const identifierName = text(COLUMNS.name, 200, true);
    const addressLine1 = text(COLUMNS.address, 300, true);
    const comunaText = cells.comuna ?? '';
    const comuna = lookups.comunas.get(comunaText.trim()) ?? lookups.comunas.get(normalizeHeader(comunaText));
    if (!comunaText) errors.add(COLUMNS.comuna, null, 'REQUIRED', 'Indica la comuna.');
    else if (!comuna) errors.add(COLUMNS.comuna, comunaText, 'UNKNOWN_COMUNA', 'No existe una comuna con este nombre o código.');

    const data: Partial<BranchRow> = {};
    const present = (key: string) => lookups.present.has(key);
    if (present('phone')) {
      const parsed = phoneField.safeParse(cells.phone ?? '');
      if (parsed.success) data.phone = parsed.data ?? null;
      else errors.add(COLUMNS.phone, cells.phone, 'INVALID_VALUE', parsed.error.issues[0].message);
    }
    if (present('email')) {
      if (!cells.email) data.email = null;
      else {
        const parsed = emailField.safeParse(cells.email);
        if (parsed.success) data.email = parsed.data;
        else errors.add(COLUMNS.email, cells.email, 'INVALID_VALUE', 'Ingresa un correo electrónico válido.');
      }
    }
    if (present('hours')) {
      if (!cells.hours) data.openingHours = [];
      else {
        const hours = parseOpeningHours(cells.hours);
        if (hours) data.openingHours = hours;
        else errors.add(COLUMNS.hours, cells.hours, 'INVALID_VALUE', 'Escribe el horario como "lu-vi 08:00-18:00; sa 09:00-13:00" (fe = festivos).');
      }
    }
    if (present('fonasaLevel')) {
      if (!cells.fonasaLevel) data.fonasaLevel = null;
      else if (/^[123]$/.test(cells.fonasaLevel)) data.fonasaLevel = Number(cells.fonasaLevel);
      else errors.add(COLUMNS.fonasaLevel, cells.fonasaLevel, 'INVALID_VALUE', 'El nivel FONASA va de 1 a 3 (vacío si la sucursal no está en la Modalidad de Libre Elección).');
    }
    if (present('insurers')) {
      const names = (cells.insurers ?? '').split(/[|;,]/).map((s) => s.trim()).filter(Boolean);
      const ids: number[] = [];
      for (const name of names) {
        const id = lookups.insurers.get(normalizeHeader(name));
        if (id === undefined) errors.add(COLUMNS.insurers, name, 'UNKNOWN_INSURER', `No existe la previsión "${name}".`);
        else ids.push(id);
      }
      data.insurerIds = [...new Set(ids)].sort((a, b) => a - b);
    }
    const feeColumns = FEE_COLUMNS.filter(([column]) => present(column.key));
    if (feeColumns.length > 0) {
      data.feeKinds = feeColumns.map(([, kind]) => kind);
      data.fees = [];
      for (const [column, kind] of feeColumns) {
        const fee = parseFeeCell(kind, cells[column.key] ?? '');
        if (fee === 'invalid') {
          errors.add(column, cells[column.key], 'INVALID_VALUE', kind === 'AFTER_HOURS'
            ? 'Escribe el recargo como "3000 18:00-21:00": el monto (hasta $100.000) y desde y hasta qué hora se cobra.'
            : 'Escribe el monto en pesos, sin decimales, de 1 a 100.000 (vacío si no lo cobras).');
        } else if (fee) data.fees.push(fee);
      }
    }
    const label = [branchCode, identifierName].filter(Boolean).join(' · ');
    return { row, label, data: errors.any ? null : { ...data, branchCode, identifierName, addressLine1, comunaId: comuna!.id }, errors: errors.list };
  }

  key(data: BranchRow): string {
    return data.branchCode;
  }

  /** The branch rules are the laboratories module's (BranchBatch): a refusal becomes an error row on its column. */
  private toOutcome(row: number, data: BranchRow, outcome: BranchOutcome): RowOutcome {
    if (outcome.status !== 'ERROR') return { row, status: outcome.status, errors: [] };
    const [column, value] = outcome.field === 'branchCode' ? [COLUMNS.branchCode, data.branchCode] : [COLUMNS.fonasaLevel, data.fonasaLevel == null ? null : String(data.fonasaLevel)];
    return { row, status: 'ERROR', errors: [{ row, column: column.header, value, code: outcome.code, message: outcome.message }] };
  }

  async classify(db: PrismaService | Tx, scope: ImportScope, rows: { row: number; data: BranchRow }[]): Promise<RowOutcome[]> {
    const outcomes = await BranchBatch.check(db, batchScope(scope), rows.map((r) => r.data));
    return rows.map(({ row, data }, i) => this.toOutcome(row, data, outcomes[i]));
  }

  async apply(tx: Tx, changes: Changes, scope: ImportScope, rows: { row: number; data: BranchRow }[]): Promise<RowOutcome[]> {
    const outcomes = await BranchBatch.save(tx, changes, batchScope(scope), rows.map((r) => r.data));
    return rows.map(({ row, data }, i) => this.toOutcome(row, data, outcomes[i]));
  }
}

const batchScope = (scope: ImportScope) => ({ actor: scope.actor, companyId: scope.companyId!, origin: { importId: scope.importId } });
