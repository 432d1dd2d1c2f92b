import { Controller, Get, HttpStatus, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PrismaService } from '../database/prisma.service';
import { AppError } from '../http/app-error';
import { JOB_QUEUE, type JobQueue } from '../messaging/job-queue';
import { Public } from '../auth/access-policy';
import { SEARCH_INDEX, type SearchIndex } from '../../modules/search/search-index';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(SEARCH_INDEX) private readonly search: SearchIndex,
  ) {}

  /** Liveness: the process answers HTTP. */
  @Public()
  @Get()
  live() {
    return { status: 'ok' };
  }

  /** Readiness: the database, the queue and the search index are reachable. */
  @Public()
  @Get('ready')
  async ready() {
    const [database, queue, search] = await Promise.all([
      this.prisma.$queryRaw`SELECT 1`.then(() => 'ok' as const, () => 'unreachable' as const),
      this.queue.ping().then(() => 'ok' as const, () => 'unreachable' as const),
      this.search.ping().then(() => 'ok' as const, () => 'unreachable' as const),
    ]);
    const checks = { database, queue, queueKind: this.queue.kind, search, searchKind: this.search.kind };
    if (database !== 'ok' || queue !== 'ok' || search !== 'ok') {
      throw new AppError(HttpStatus.SERVICE_UNAVAILABLE, 'HEALTH.NOT_READY', 'El servicio aún no está listo.');
    }
    return { status: 'ready', checks };
  }
}
