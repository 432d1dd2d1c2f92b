import { InvalidConfigError, loadConfig } from './app-config';

describe(loadConfig.name, () => {
  it('falls back to the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.role).toBe('all');
    expect(config.port).toBe(3000);
    expect(config.database.url).toBeUndefined();
    expect(config.redis).toBeUndefined();
    expect(config.seedLabs).toBe(300);
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: ' ' }).database.url).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number between 1 and 65535 (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be a whole number between 1 and 65535 (got "70000")'],
    [{ APP_ROLE: 'web' }, 'Invalid configuration: APP_ROLE must be one of api, worker, all (got "web")'],
    [{ SEED_LABS: '-5' }, 'Invalid configuration: SEED_LABS must be a whole number between 0 and 200000 (got "-5")'],
    [{ ADMIN_EMAIL: 'admin' }, 'Invalid configuration: ADMIN_EMAIL must be an e-mail address (got "admin")'],
    [{ LOG_FORMAT: 'text' }, 'Invalid configuration: LOG_FORMAT must be one of pretty, json (got "text")'],
  ])('rejects %j with one line naming the variable', (env, line) => {
    expect(() => loadConfig(env)).toThrow(new InvalidConfigError('', '', undefined).constructor as typeof Error);
    expect(() => loadConfig(env)).toThrow(line);
  });

  it('logs readable lines to a terminal and JSON lines elsewhere, unless LOG_FORMAT says which', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: ' pretty ' }, false).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: '' }, false).logFormat).toBe('json');
  });

  it('requires Redis when api and worker run as separate processes', () => {
    expect(() => loadConfig({ APP_ROLE: 'worker' })).toThrow(
      'Invalid configuration: REDIS_URL is required when APP_ROLE is api or worker (without Redis, jobs only run inside one process)',
    );
    expect(loadConfig({ APP_ROLE: 'api', REDIS_URL: 'redis://127.0.0.1:6379' }).redis?.url).toBe('redis://127.0.0.1:6379');
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual(['10.0.0.0/8', 'loopback']);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/^Invalid configuration: TRUST_PROXY must be loopback, linklocal, uniquelocal/);
  });

  it('never echoes secrets or connection strings', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(
      /^Invalid configuration: ADMIN_PASSWORD must be at least 10 characters long$/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:secret@db/x' })).toThrow(
      /^Invalid configuration: DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\/$/,
    );
  });
});
