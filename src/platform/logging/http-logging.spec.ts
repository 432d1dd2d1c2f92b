import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import { createLogger } from './logger';
import { httpLogging, safeUrl } from './http-logging';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.c2Vzc2lvbi1kZS1wcnVlYmE.firma-secreta';

/** A server that logs as the API does, its log lines kept, in both formats. */
async function serving(format: 'json' | 'pretty') {
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk, _encoding, done) => { lines.push(...String(chunk).split('\n').filter(Boolean)); done(); } });
  const logger = format === 'json' ? pino({ level: 'info' }, sink) : createLogger({ role: 'api', logLevel: 'info', logFormat: 'pretty' }, sink);
  const log = pinoHttp(httpLogging(logger));
  const server: Server = createServer((req, res) => {
    log(req, res);
    (req as typeof req & { actor?: { personId: number } }).actor = { personId: 42 };
    res.statusCode = req.url?.startsWith('/assets/') ? 200 : 204;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { lines, base, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('the request log', () => {
  it.each(['json', 'pretty'] as const)('writes one %s line per API request with its id and who asked, and no token, cookie or secret parameter', async (format) => {
    const { lines, base, close } = await serving(format);
    try {
      const answer = await fetch(`${base}/api/sales-order/7?k=clave-del-voucher&page=2`, { headers: { Authorization: `Bearer ${TOKEN}`, Cookie: `cl_refresh=${TOKEN}` } });
      await fetch(`${base}/assets/index-abc.js`);
      expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('/api/sales-order/7?k=%5Boculto%5D&page=2');
      expect(lines[0]).toContain(answer.headers.get('x-request-id')!);
      expect(lines[0]).toContain('42');
      for (const secret of [TOKEN, 'clave-del-voucher', 'Bearer', 'cl_refresh']) expect(lines[0]).not.toContain(secret);
    } finally {
      await close();
    }
  });

  it('keeps the request id a proxy sent, and refuses one that could break a log line', async () => {
    const { base, close } = await serving('json');
    try {
      expect((await fetch(`${base}/api/x`, { headers: { 'X-Request-Id': 'proxy-1234-abcd' } })).headers.get('x-request-id')).toBe('proxy-1234-abcd');
      expect((await fetch(`${base}/api/x`, { headers: { 'X-Request-Id': 'a b\tc"' } })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await close();
    }
  });

  it('hides secret query parameters, whatever their case', () => {
    expect(safeUrl('/restablecer?token=abc&email=a@b.cl')).toBe('/restablecer?token=%5Boculto%5D&email=a%40b.cl');
    expect(safeUrl('/voucher/1?K=abc')).toBe('/voucher/1?K=%5Boculto%5D');
    expect(safeUrl('/api/exam/1')).toBe('/api/exam/1');
  });
});
