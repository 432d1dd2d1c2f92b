import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../http/openapi/decorators';
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
  @ApiOperation({ summary: 'El proceso responde (liveness)' })
  live() {
    return LIVE;
  }

  /**
   * Readiness for this role (see Readiness): 200 `ready` or `degraded` with each check and the
   * delivery backlog; 503 when PostgreSQL is unreachable or the process is shutting down.
   */
  @Public()
  @Get('ready')
  @ApiOperation({ summary: 'Listo para atender en su rol: 200 listo o degradado con cada chequeo; 503 sin base de datos o al apagarse' })
  async ready() {
    return readinessAnswer(await this.readiness.report());
  }
}
