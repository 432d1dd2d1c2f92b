import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import type { FileStorage } from '../../src/modules/commerce/media/infrastructure/file-storage';
import { LocalFileStorage } from '../../src/modules/commerce/media/infrastructure/local-file-storage';
import { S3FileStorage } from '../../src/modules/commerce/media/infrastructure/s3-file-storage';

/**
 * One contract for every storage adapter. The local disk always runs; an S3-compatible store runs
 * when TEST_S3_BUCKET (with TEST_S3_URL, TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY) names a
 * bucket this suite may write to (e.g. a local MinIO).
 */
const adapters: [string, () => Promise<{ storage: FileStorage; cleanUp: () => Promise<void> }>][] = [
  ['local disk', async () => {
    const root = await mkdtemp(join(tmpdir(), 'cotizalab-files-'));
    return { storage: new LocalFileStorage(root), cleanUp: () => rm(root, { recursive: true, force: true }) };
  }],
];
if (process.env.TEST_S3_BUCKET) {
  adapters.push(['S3-compatible', async () => ({
    storage: new S3FileStorage({
      bucket: process.env.TEST_S3_BUCKET!,
      endpoint: process.env.TEST_S3_URL,
      region: process.env.TEST_S3_REGION ?? 'us-east-1',
      credentials: process.env.TEST_S3_ACCESS_KEY_ID ? { accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID, secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY! } : undefined,
    }),
    cleanUp: async () => undefined,
  })]);
}

describe.each(adapters)('file storage contract: %s', (_, make) => {
  let storage: FileStorage;
  let cleanUp: () => Promise<void>;
  const prefix = `contract-${Date.now()}`;

  beforeAll(async () => ({ storage, cleanUp } = await make()));
  afterAll(() => cleanUp());

  it('stores, reads back, lists and deletes bytes by key; a missing key reads as null and deletes quietly', async () => {
    const key = `${prefix}/2026/11/a.png`;
    await storage.put(key, Buffer.from('contenido'), 'image/png');
    await storage.put(`${key}@320.webp`, Buffer.from('copia'), 'image/webp');
    const read = await storage.read(key);
    expect(read && { size: read.size, body: await text(read.body) }).toEqual({ size: 9, body: 'contenido' });

    const listed: string[] = [];
    for await (const object of storage.list()) if (object.key.startsWith(prefix)) listed.push(object.key);
    expect(listed.sort()).toEqual([key, `${key}@320.webp`]);

    await storage.delete([key, `${key}@320.webp`, `${prefix}/nunca-existio.png`]);
    expect(await storage.read(key)).toBeNull();
  });

  it('replaces what a key held', async () => {
    const key = `${prefix}/reemplazo.png`;
    await storage.put(key, Buffer.from('uno'), 'image/png');
    await storage.put(key, Buffer.from('dos'), 'image/png');
    expect(await text((await storage.read(key))!.body)).toBe('dos');
    await storage.delete([key]);
  });
});

describe('local disk storage', () => {
  it('never writes outside its folder, whatever the key says', async () => {
    const root = await mkdtemp(join(tmpdir(), 'cotizalab-files-'));
    const storage: FileStorage = new LocalFileStorage(root);
    await expect(storage.put('../fuera.png', Buffer.from('x'), 'image/png')).rejects.toThrow(RangeError);
    await rm(root, { recursive: true, force: true });
  });
});
