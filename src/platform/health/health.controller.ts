import { Controller, Get, HttpStatus, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PrismaService } from '../database/prisma.service';
import { AppError } from '../http/app-error';
import { JOB_QUEUE, type JobQueue } from '../messaging/job-queue';
import { Public } from '../auth/access-policy';
import { ReadinessChecks } from './readiness';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly checks: ReadinessChecks,
  ) {}

  /** Liveness: the process answers HTTP. */
  @Public()
  @Get()
  live() {
    return { status: 'ok' };
  }

  /** Readiness: the database, the queue and what modules registered (the search index) are reachable. */
  @Public()
  @Get('ready')
  async ready() {
    const status = (ping: Promise<unknown>) => ping.then(() => 'ok' as const, () => 'unreachable' as const);
    const modules = this.checks.all();
    const [database, queue, ...others] = await Promise.all([status(this.prisma.$queryRaw`SELECT 1`), status(this.queue.ping()), ...modules.map((c) => status(c.ping()))]);
    const checks: Record<string, string> = { database, queue, queueKind: this.queue.kind };
    modules.forEach((check, i) => Object.assign(checks, { [check.name]: others[i], [`${check.name}Kind`]: check.kind }));
    if (database !== 'ok' || queue !== 'ok' || others.some((s) => s !== 'ok')) {
      throw new AppError(HttpStatus.SERVICE_UNAVAILABLE, 'HEALTH.NOT_READY', 'El servicio aún no está listo.');
    }
    return { status: 'ready', checks };
  }
}
