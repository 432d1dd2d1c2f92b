import { Writable } from 'node:stream';
import type { LoggerService } from '@nestjs/common';
import { createLogger, QuietStartLogger } from './logger';

describe(QuietStartLogger.name, () => {
  const calls: string[] = [];
  const inner: LoggerService = {
    log: (message) => calls.push(`info ${message}`),
    error: (message) => calls.push(`error ${message}`),
    warn: (message) => calls.push(`warn ${message}`),
    debug: (message) => calls.push(`debug ${message}`),
  };
  const sut = new QuietStartLogger(inner);

  beforeEach(() => (calls.length = 0));

  it("moves Nest's per-module and per-route start-up lines to debug", () => {
    sut.log('Mapped {/api/locations, GET} route', 'RouterExplorer');
    sut.log('LocationsController {/api/locations}:', 'RoutesResolver');
    sut.log('PlatformModule dependencies initialized', 'InstanceLoader');
    expect(calls).toEqual(['debug Mapped {/api/locations, GET} route', 'debug LocationsController {/api/locations}:', 'debug PlatformModule dependencies initialized']);
  });

  it('keeps every other line at its level', () => {
    sut.log('Nest application successfully started', 'NestApplication');
    sut.warn('slow', 'RouterExplorer');
    sut.error('boom', 'RouterExplorer');
    expect(calls).toEqual(['info Nest application successfully started', 'warn slow', 'error boom']);
  });
});

describe(createLogger.name, () => {
  const capture = (format: 'pretty' | 'json') => {
    const written: string[] = [];
    const destination = new Writable({ write: (chunk, _encoding, done) => (written.push(String(chunk)), done()) });
    createLogger({ role: 'all', logLevel: 'info', logFormat: format }, destination).child({ module: 'seed' }).info({ laboratories: 5 }, 'database seeded');
    return written.join('');
  };

  it('writes one readable line with LOG_FORMAT=pretty', () => {
    const line = capture('pretty');
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] .*INFO.*\[seed\] database seeded/);
    expect(line).toContain('{"laboratories":5}');
  });

  it('never writes a password, a token or an Authorization header, whatever a module logs', () => {
    const written: string[] = [];
    const destination = new Writable({ write: (chunk, _encoding, done) => { written.push(String(chunk)); done(); } });
    createLogger({ role: 'api', logLevel: 'info', logFormat: 'json' }, destination).info({ headers: { authorization: 'Bearer secreto-1' }, body: { password: 'secreto-2', token: 'secreto-3' } }, 'a careless line');
    expect(written.join('')).not.toMatch(/secreto-\d/);
    expect(written.join('')).toContain('[oculto]');
  });

  it('writes one JSON object per line with LOG_FORMAT=json', () => {
    expect(JSON.parse(capture('json'))).toMatchObject({ level: 30, role: 'all', module: 'seed', laboratories: 5, msg: 'database seeded' });
  });
});
