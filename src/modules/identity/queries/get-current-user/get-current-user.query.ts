import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { UnauthenticatedError } from '../../platform/auth/actor';
import { PrismaService } from '../../platform/database/prisma.service';

/** `data.user` and `data.person` of `GET /api/auth/user` (spec §3: logged user and logged person). */
export interface CurrentUserView {
  user: { id: number; email: string; lastLoginAt: Date | null };
  person: {
    id: number;
    firstName: string;
    lastName: string;
    rut: string | null;
    phone: string | null;
    profile: { code: string; name: string };
    company: { id: number; tradeName: string; status: string } | null;
  };
}

export class GetCurrentUserQuery extends Query<CurrentUserView> {
  constructor(readonly userId: number) {
    super();
  }
}

@QueryHandler(GetCurrentUserQuery)
export class GetCurrentUserHandler implements IQueryHandler<GetCurrentUserQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ userId }: GetCurrentUserQuery): Promise<CurrentUserView> {
    const user = await this.prisma.user.findUnique({
      where: { id: userId },
      select: {
        id: true, email: true, lastLoginAt: true,
        person: {
          select: {
            id: true, firstName: true, lastName: true, rut: true, phone: true,
            profile: { select: { code: true, name: true } },
            company: { select: { id: true, tradeName: true, status: true } },
          },
        },
      },
    });
    if (!user) throw new UnauthenticatedError();
    const { person, ...rest } = user;
    return { user: rest, person };
  }
}
