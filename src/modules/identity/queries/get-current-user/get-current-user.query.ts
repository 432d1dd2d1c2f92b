import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { CurrentUser, ProfileCode } from '../../../../contracts/auth';
import { UnauthenticatedError } from '../../../../platform/auth/actor';
import { PrismaService } from '../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../platform/http/envelope';

/** `GET /api/auth/user` (spec §3: logged user and logged person), also part of the sign-in answer. */
export class GetCurrentUserQuery extends Query<ServerSide<CurrentUser>> {
  constructor(readonly userId: number) {
    super();
  }
}

@QueryHandler(GetCurrentUserQuery)
export class GetCurrentUserHandler implements IQueryHandler<GetCurrentUserQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ userId }: GetCurrentUserQuery): Promise<ServerSide<CurrentUser>> {
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
    // Profile codes are seeded from PROFILE_CODES: the column holds nothing else.
    return { user: rest, person: { ...person, profile: { ...person.profile, code: person.profile.code as ProfileCode } } };
  }
}
