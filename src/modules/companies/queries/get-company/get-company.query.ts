import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Company } from '../../../../contracts/companies';
import type { Actor } from '../../../../platform/auth/actor';
import { assertCompanyAccess } from '../../../../platform/cqrs/company-scope';
import type { ServerSide } from '../../../../platform/http/envelope';
import { CompanyNotFoundError } from '../../companies.errors';
import { CompanyViews } from '../../company-view';

/** `GET /api/company/{id}`: any company for an administrator, its own for a provider (403 otherwise). */
export class GetCompanyQuery extends Query<ServerSide<Company>> {
  constructor(
    readonly actor: Actor,
    readonly companyId: number,
  ) {
    super();
  }
}

@QueryHandler(GetCompanyQuery)
export class GetCompanyHandler implements IQueryHandler<GetCompanyQuery> {
  constructor(private readonly views: CompanyViews) {}

  execute({ actor, companyId }: GetCompanyQuery) {
    assertCompanyAccess(actor, companyId, () => new CompanyNotFoundError());
    return this.views.get(companyId);
  }
}
