import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/app-config';

const ROOT = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

interface Service {
  image?: string;
  build?: string;
  restart?: string;
  ports?: string[];
  healthcheck?: { test: string[] };
  environment?: Record<string, string>;
  env_file?: { path: string; required: boolean }[];
  volumes?: string[];
  command?: string[];
}

/**
 * What `docker compose up --scale api=3 --scale worker=2` relies on, read from the compose file itself (no Compose
 * v2 on these machines to run `docker compose config`; Debian's docker-compose 1.29 predates the optional env_file).
 */
describe('the compose file', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown>; networks: { backend: { ipam: { config: { subnet: string }[] } } } };
  const { services } = compose;
  const defaults = loadConfig({});

  it('restarts and health-checks every service', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'elasticsearch', 'postgres', 'proxy', 'redis', 'worker']);
    for (const [name, service] of Object.entries(services)) {
      expect([name, service.restart]).toEqual([name, 'unless-stopped']);
      expect([name, service.healthcheck?.test.length ?? 0]).not.toEqual([name, 0]);
    }
  });

  it('publishes only the proxy, so that api and worker can run as several replicas', () => {
    expect(Object.entries(services).filter(([, service]) => service.ports).map(([name]) => name)).toEqual(['proxy']);
    // The proxy and the probes reach the app on the ports the app listens on by default.
    expect(read('deploy/nginx.conf')).toContain(`set $api http://api:${defaults.port};`);
    expect(services.api.healthcheck!.test.join(' ')).toContain(`http://localhost:${defaults.port}/api/health/ready`);
    expect(services.worker.healthcheck!.test.join(' ')).toContain(`http://localhost:${defaults.workerHealthPort}/api/health/ready`);
    expect([services.api.command, services.worker.command]).toEqual([['node', 'dist/main.js', 'api'], ['node', 'dist/main.js', 'worker']]);
  });

  it('keeps files and data in volumes, shared by the replicas, and trusts only its own network as a proxy', () => {
    for (const name of ['api', 'worker']) expect(services[name].volumes).toContain('app-files:/data');
    expect(services.postgres.volumes).toEqual(['postgres-data:/var/lib/postgresql']);
    expect(Object.keys(compose.volumes).sort()).toEqual(['app-files', 'elasticsearch-data', 'postgres-data', 'redis-data']);
    expect(services.api.environment!.TRUST_PROXY).toBe(compose.networks.backend.ipam.config[0].subnet);
  });

  it('seeds no demo laboratories unless asked, and reads an optional .env whose settings are documented', () => {
    expect(services.api.environment!.SEED_DEMO).toBe('${SEED_DEMO:-false}');
    expect(services.api.env_file).toEqual([{ path: '.env', required: false }]);
    const documented = new Set([...read('.env.example').matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]));
    const used = new Set([...read('docker-compose.yml').matchAll(/\$\{([A-Z_]+)[:}-]/g)].map((m) => m[1]));
    expect([...used].filter((name) => !documented.has(name))).toEqual([]);
  });
});
