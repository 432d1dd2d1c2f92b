import express from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { gzipStream } from './gzip-stream';

const get = (port: number, encoding: string) =>
  new Promise<http.IncomingMessage>((resolve, reject) => http.get({ host: '127.0.0.1', port, path: '/file', headers: { 'Accept-Encoding': encoding } }, resolve).on('error', reject));

const body = async (response: http.IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('gzipStream', () => {
  const LINES = 'N°;Fecha\r\n' + '1;2026-11-28T10:15:02.500Z\r\n'.repeat(1_000);
  let server: http.Server | undefined;
  const given: Writable[] = [];

  /** Serves one route that hands its `gzipStream` to `write`; answers the port. */
  async function serving(write: (out: Writable) => void): Promise<number> {
    const app = express();
    app.get('/file', (request, response) => {
      const out = gzipStream(request, response);
      given.push(out);
      write(out);
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  // Whatever a test left open, even one that failed by its time, goes: nothing may outlive it.
  afterEach(async () => {
    for (const out of given.splice(0)) out.destroy();
    if (!server) return;
    const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
    server.closeAllConnections();
    await closed;
    server = undefined;
  });

  it('compresses for a client that takes gzip, and answers plain text to one that does not', async () => {
    const port = await serving((out) => out.end(LINES));
    const compressed = await get(port, 'gzip, deflate');
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(await body(compressed)).toString()).toBe(LINES);
    const plain = await get(port, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((await body(plain)).toString()).toBe(LINES);
  });

  // A stream left open would keep the writer waiting for a drain that never comes: the test then fails by its time.
  it('closes the stream it gave when the client goes mid-way, so that the writer stops', async () => {
    let stopped!: () => void;
    const writerStopped = new Promise<void>((resolve) => (stopped = resolve));
    // Writes until the stream is gone, waiting for it to drain as the export does.
    const port = await serving((out) => {
      out.on('close', stopped);
      const more = () => {
        while (!out.destroyed && out.write(LINES));
        if (!out.destroyed) out.once('drain', more);
      };
      more();
    });
    const response = await get(port, 'gzip');
    await new Promise<void>((received) => response.once('data', () => received()));
    response.destroy();
    await writerStopped;
  }, 5_000);
});
