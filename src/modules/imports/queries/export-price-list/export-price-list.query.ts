import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Actor } from '../../../../platform/auth/actor';
import { chileDay } from '../../../../platform/chile/calendar';
import { laboratoryScope } from '../../../../platform/cqrs/company-scope';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { invalidField } from '../../../../platform/http/app-error';
import { LaboratoryNotFoundError } from '../../../catalogue/laboratories';
import { CompanyNotFoundError } from '../../../companies';
import { TEMPLATE_CONTENT_TYPE, templateFile, type TemplateFormat } from '../../domain/template-file';
import { IMPORT_KINDS } from '../../kinds/import-kinds';
import type { PriceListColumn } from '../../kinds/laboratory-exam.kind';
import type { Download } from '../download-import/download-import.query';

/**
 * "Descargar mi lista de precios" (issue 27): a company's current prices, of every open branch or of one, as the
 * price import's template, so that the file edited in Excel imports back (`POST /api/laboratory-exam-import`).
 * Current: offered (not withdrawn) and authorized or waiting for authorization, of an exam still in the catalogue;
 * a rejected price is not the laboratory's price. One row per branch and exam, by branch code, then FONASA code.
 * A provider exports its own company (only the branches its grants name); an administrator names the company, or
 * the branch.
 */
export class ExportPriceListQuery extends Query<Download> {
  constructor(
    readonly actor: Actor,
    readonly format: TemplateFormat,
    readonly companyId?: number,
    readonly laboratoryId?: number,
  ) {
    super();
  }
}

/** Prices read at a time: memory stays flat for a company with 100,000 prices. */
const PAGE = 5_000;

const CURRENT = ['AUTHORIZED', 'PENDING'] as const;

/** `Clínica Ñuñoa Ltda.` → `clinica-nunoa-ltda`. */
const slug = (text: string) =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'empresa';

interface Branch {
  id: number;
  branchCode: string | null;
}

@QueryHandler(ExportPriceListQuery)
export class ExportPriceListHandler implements IQueryHandler<ExportPriceListQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, format, companyId, laboratoryId }: ExportPriceListQuery): Promise<Download> {
    // Everything that can refuse is decided here, before the first byte: the route still answers an envelope.
    const company = await this.company(actor, companyId, laboratoryId);
    const branches = await this.prisma.laboratory.findMany({
      where: {
        AND: [laboratoryScope(actor), { companyId: company.id }],
        // One branch: the one asked for, open or closed (its prices tab offers it). All: the open ones.
        ...(laboratoryId ? { id: laboratoryId } : { isActive: true }),
      },
      select: { id: true, branchCode: true },
      orderBy: [{ branchCode: 'asc' }, { id: 'asc' }],
    });
    if (laboratoryId && branches.length === 0) throw new LaboratoryNotFoundError();
    const one = laboratoryId ? branches[0] : null;
    const name = ['lista-de-precios', slug(company.tradeName), ...(one ? [slug(one.branchCode ?? `sucursal-${one.id}`)] : []), chileDay()].join('-');
    return { fileName: `${name}.${format}`, contentType: TEMPLATE_CONTENT_TYPE[format], content: templateFile(IMPORT_KINDS['laboratory-exam'].columns, format, this.rows(branches)) };
  }

  /** An administrator names the company (or a branch, whose company it is); a provider has its own, and no other. */
  private async company(actor: Actor, companyId: number | undefined, laboratoryId: number | undefined): Promise<{ id: number; tradeName: string }> {
    if (actor.profile !== 'ADM') {
      if (actor.companyId === null || (companyId !== undefined && companyId !== actor.companyId)) throw new CompanyNotFoundError();
      companyId = actor.companyId;
    } else if (companyId === undefined) {
      if (laboratoryId === undefined) throw invalidField('companyId', 'Indica la empresa cuya lista de precios descargas.');
      const branch = await this.prisma.laboratory.findUnique({ where: { id: laboratoryId }, select: { companyId: true } });
      if (!branch) throw new LaboratoryNotFoundError();
      companyId = branch.companyId;
    }
    const company = await this.prisma.company.findUnique({ where: { id: companyId }, select: { id: true, tradeName: true } });
    if (!company) throw new CompanyNotFoundError();
    return company;
  }

  /** Page by page, branch by branch: each page by FONASA code after the last one read. */
  private async *rows(branches: Branch[]): AsyncGenerator<Record<PriceListColumn, string>[]> {
    for (const branch of branches) {
      for (let after = ''; ; ) {
        // One plain join per page (the ORM's relation filter and order cost ten times as much over 100,000 prices).
        const prices = await this.prisma.$queryRaw<{ code: string; name: string; price: number }[]>`
          SELECT e.code, e.name, le.price
          FROM laboratory_exam le JOIN exam e ON e.id = le.exam_id
          WHERE le.laboratory_id = ${branch.id} AND le.is_active AND le.status::text = ANY(${[...CURRENT]}::text[])
            AND e.is_active AND e.code > ${after}
          ORDER BY e.code
          LIMIT ${PAGE}`;
        if (prices.length === 0) break;
        yield prices.map(({ code, name, price }) => ({
          // The code names the branch; its id only for a branch without one (the import reads either).
          branchCode: branch.branchCode ?? '',
          branchId: branch.branchCode ? '' : String(branch.id),
          examCode: code,
          examName: name,
          price: String(price),
        }));
        if (prices.length < PAGE) break;
        after = prices[prices.length - 1].code;
      }
    }
  }
}
