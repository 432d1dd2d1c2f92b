import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/access-policy';
import { LIVE, readinessAnswer } from './health-answer';
import { Readiness } from './readiness';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  /** Liveness: the process answers HTTP. */
  @Public()
  @Get()
  live() {
    return LIVE;
  }

  /**
   * Readiness for this role (see Readiness): 200 `ready` or `degraded` with each check and the
   * delivery backlog; 503 when PostgreSQL is unreachable or the process is shutting down.
   */
  @Public()
  @Get('ready')
  async ready() {
    return readinessAnswer(await this.readiness.report());
  }
}
