import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { toEnvelope } from '../http/http-exception.filter';
import { LIVE, readinessAnswer } from './health-answer';
import type { Readiness } from './readiness';

/**
 * The worker role serves no HTTP API; this tiny listener answers the same two probes as the API
 * (`GET /api/health`, `GET /api/health/ready`) so an orchestrator can watch workers too.
 */
export class WorkerHealthServer {
  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(port: number, readiness: Readiness, log: Logger): Promise<WorkerHealthServer> {
    const server = createServer((request, response) => {
      const send = (code: number, body: unknown) => {
        response.writeHead(code, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        response.end(JSON.stringify(body));
      };
      const path = (request.url ?? '').split('?')[0];
      if (request.method !== 'GET') return send(405, toEnvelope({ status: 405 }));
      if (path === '/api/health') return send(200, { code: 200, data: LIVE });
      if (path !== '/api/health/ready') return send(404, toEnvelope({ status: 404 }));
      readiness.report().then(
        (report) => {
          try {
            send(200, { code: 200, data: readinessAnswer(report) });
          } catch (error) {
            const envelope = toEnvelope(error);
            send(envelope.code, envelope);
          }
        },
        (err: unknown) => {
          log.error({ err }, 'worker readiness failed');
          const envelope = toEnvelope(err);
          send(envelope.code, envelope);
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '0.0.0.0', () => resolve());
    });
    const bound = (server.address() as { port: number }).port;
    log.info({ port: bound }, 'worker health listener');
    return new WorkerHealthServer(server, bound);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
