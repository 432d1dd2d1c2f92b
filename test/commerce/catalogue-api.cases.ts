import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { OrphanFileSweep, ProductCatalogue } from '../../src/modules/commerce';
import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, createProvider, signIn, providersOfTwoCompanies } from '../support/accounts';

/** Every file under the app's storage folder (originals and variants). */
async function storedFiles(t: TestApp): Promise<string[]> {
  const entries = await readdir(join(t.dataDir, 'files'), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#0cc6de' } }).png().toBuffer();

describe('commerce catalogue API: files, banners, categories and products', () => {
  let t: TestApp;
  let admin: string;
  let providerA: string;
  let providerB: string;
  let companyA: number;
  let companyB: number;
  let branchA: number;
  let branchB: number;
  let examIds: number[];

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 12 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    ({ companyA, companyB, providerA, providerB } = await providersOfTwoCompanies(t, admin, 'comercio'));
    branchA = (await t.prisma.laboratory.findFirstOrThrow({ where: { companyId: companyA } })).id;
    branchB = (await t.prisma.laboratory.findFirstOrThrow({ where: { companyId: companyB } })).id;
    examIds = (await t.prisma.exam.findMany({ where: { code: { in: ['0301045', '0302034', '0302047'] } }, orderBy: { code: 'asc' } })).map((e) => e.id);
  }, 180_000);
  afterAll(() => t.close());

  const as = (token: string | null) => ({
    post: (path: string, body: object) => (token ? t.http.post(path).set('Authorization', `Bearer ${token}`) : t.http.post(path)).send(body).then((r) => r.body),
    get: (path: string) => (token ? t.http.get(path).set('Authorization', `Bearer ${token}`) : t.http.get(path)).then((r) => r.body),
    delete: (path: string) => t.http.delete(path).set('Authorization', `Bearer ${token}`).then((r) => r.body),
    upload: (bytes: Buffer, filename: string, contentType: string) =>
      t.http.post('/api/files').set('Authorization', `Bearer ${token}`).attach('file', bytes, { filename, contentType }).then((r) => r.body),
  });

  describe('files', () => {
    it('stores an image, renders it at the page widths smaller than it, and serves it with long cache headers', async () => {
      const answer = await as(admin).upload(await png(1400, 700), 'portada.png', 'image/png');
      expect(answer).toMatchObject({ code: 200, data: { mimeType: 'image/png', width: 1400, height: 700, originalName: 'portada.png' } });
      expect(Object.keys(answer.data.urls)).toEqual(['320', '640', '1280']);

      const variant = await t.http.get(answer.data.urls['640']);
      expect(variant.status).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      expect(variant.headers['cache-control']).toContain('immutable');
      expect((await sharp(variant.body).metadata()).width).toBe(640);
      // A width larger than any variant gets the largest there is, never an upscaled picture.
      expect((await sharp((await t.http.get(`/api/media/${answer.data.id}?w=1920`)).body).metadata()).width).toBe(1280);
      const again = await t.http.get(answer.data.urls['640']).set('If-None-Match', variant.headers.etag);
      expect(again.status).toBe(304);
      expect((await t.http.get(`/api/media/${answer.data.id}?w=123`)).body).toMatchObject({ code: 400, errors: { w: [expect.any(String)] } });
    });

    it('serves a photo without where and with what it was taken: no EXIF or GPS in the original or its renditions', async () => {
      const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } })
        .withExif({ IFD0: { Make: 'Teléfono de prueba', Model: 'Cámara 1' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 26/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '70/1 39/1 0/1' } })
        .jpeg()
        .toBuffer();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const answer = await as(admin).upload(photo, 'sucursal.jpg', 'image/jpeg');
      expect(answer).toMatchObject({ code: 200, data: { mimeType: 'image/jpeg', width: 900, height: 600 } });
      for (const url of [`/api/media/${answer.data.id}`, ...Object.values(answer.data.urls as Record<string, string>)]) {
        const served = await t.http.get(url).buffer(true).parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
        const meta = await sharp(served.body as Buffer).metadata();
        expect({ url, exif: meta.exif, xmp: meta.xmp, width: meta.width! > 0 }).toEqual({ url, exif: undefined, xmp: undefined, width: true });
      }
    });

    it('refuses a file that claims to be an image and is not, and keeps nothing of it', async () => {
      const before = { rows: await t.prisma.file.count(), stored: (await storedFiles(t)).length };
      const answer = await as(admin).upload(Buffer.from('<?php echo "no soy una imagen"; ?>'.repeat(20)), 'foto.png', 'image/png');
      expect(answer).toMatchObject({ code: 415, error: 'FILE.UNSUPPORTED_TYPE', errors: { file: [expect.stringContaining('dice ser una imagen')] } });
      const pdf = await as(admin).upload(Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'), 'foto.jpg', 'image/jpeg');
      expect(pdf).toMatchObject({ code: 415, error: 'FILE.UNSUPPORTED_TYPE' });
      expect({ rows: await t.prisma.file.count(), stored: (await storedFiles(t)).length }).toEqual(before);
      expect(await as(admin).post('/api/files', {})).toMatchObject({ code: 400, error: 'FILE.MISSING' });
    });

    it('refuses a 100 MB upload as it arrives, without reading it all', async () => {
      const server: Server = t.app.getHttpServer();
      if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const send = (headers: Record<string, string>) =>
        new Promise<{ status: number; body: { error?: string }; sentBytes: number }>((resolve, reject) => {
          let sentBytes = 0;
          let answered = false;
          const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/files', headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'multipart/form-data; boundary=X', ...headers } }, (res) => {
            answered = true;
            let text = '';
            res.on('data', (c) => (text += c));
            res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), sentBytes }));
          });
          req.on('error', (error) => (answered ? undefined : reject(error)));
          const chunk = Buffer.alloc(256 * 1024, 0x61);
          req.write('--X\r\nContent-Disposition: form-data; name="file"; filename="grande.png"\r\nContent-Type: image/png\r\n\r\n');
          // Write 100 MB only as fast as the server takes it; stop as soon as it has answered.
          const pump = () => {
            while (!answered && sentBytes < 100 * 1024 * 1024) {
              sentBytes += chunk.length;
              if (!req.write(chunk)) return void req.once('drain', pump);
            }
            if (!answered) req.end('\r\n--X--\r\n');
          };
          pump();
        });
      // Declared up front: refused before the body is read.
      const declared = await send({ 'Content-Length': String(100 * 1024 * 1024 + 200) });
      expect(declared).toMatchObject({ status: 413, body: { error: 'FILE.TOO_LARGE' } });
      // Streamed without a length: cut off once past the 10 MB limit.
      const streamed = await send({ 'Transfer-Encoding': 'chunked' });
      expect(streamed).toMatchObject({ status: 413, body: { error: 'FILE.TOO_LARGE' } });
      expect(streamed.sentBytes).toBeLessThan(60 * 1024 * 1024);
      expect(await t.prisma.file.count({ where: { originalName: 'grande.png' } })).toBe(0);
    });

    it('takes no picture from a company an administrator has not approved, and keeps nothing of it', async () => {
      const pending = await t.prisma.company.create({ data: { rut: '77312560-0', legalName: 'Pendiente de Fotos SpA', tradeName: 'Pendiente de Fotos', status: 'PENDING' } });
      const provider = await createProvider(t, admin, pending.id, 'prv@pendiente-fotos.cl', 'clave-pendiente-fotos-1');
      const before = (await storedFiles(t)).length;
      expect(await as(provider.token).upload(await png(300, 200), 'pendiente.png', 'image/png')).toMatchObject({ code: 403, error: 'COMPANY.NOT_APPROVED', message: expect.stringContaining('podrás subir imágenes') });
      expect({ rows: await t.prisma.file.count({ where: { originalName: 'pendiente.png' } }), stored: (await storedFiles(t)).length }).toEqual({ rows: 0, stored: before });
    });

    it('lets a provider see and delete only its own uploads; another company\'s file answers like a missing one', async () => {
      const mine = (await as(providerA).upload(await png(400, 300), 'mi-foto.png', 'image/png')).data;
      expect((await as(providerA).post('/api/files/search', {})).data.items.map((f: { id: number }) => f.id)).toEqual([mine.id]);
      expect((await as(providerB).post('/api/files/search', {})).data.items).toEqual([]);
      const missing = await as(providerB).delete('/api/files/2147483000');
      expect(missing).toMatchObject({ code: 404, error: 'FILE.NOT_FOUND' });
      expect(await as(providerB).delete(`/api/files/${mine.id}`)).toEqual(missing);
      expect(await as(providerA).delete(`/api/files/${mine.id}`)).toMatchObject({ code: 200, data: { id: mine.id } });
      expect((await t.http.get(`/api/media/${mine.id}`)).status).toBe(404);
    });
  });

  describe('banners and sliders', () => {
    it('shows a banner on the home media while live, in order, and refuses links that could run script', async () => {
      const image = (await as(admin).upload(await png(1600, 500), 'banner.png', 'image/png')).data;
      expect(await as(admin).post('/api/banner', { title: 'Malo', link: 'javascript:alert(1)' })).toMatchObject({ code: 400, errors: { link: [expect.any(String)] } });
      expect(await as(admin).post('/api/banner', { title: 'Fechas', startsAt: '2026-12-10', endsAt: '2026-12-01' })).toMatchObject({ code: 400, errors: { endsAt: [expect.any(String)] } });
      expect(await as(admin).post('/api/banner', { title: 'Sin imagen', imageFileId: 2147483000 })).toMatchObject({ code: 400, errors: { imageFileId: [expect.any(String)] } });

      const live = await as(admin).post('/api/banner', { title: 'Exámenes preventivos', link: '/paquetes', imageFileId: image.id, sortOrder: 1 });
      expect(live).toMatchObject({ code: 200, data: { isLive: true, image: { id: image.id, urls: { 320: expect.any(String) } } } });
      const future = await as(admin).post('/api/slider', { title: 'Próximamente', startsAt: new Date(Date.now() + 86_400_000).toISOString() });
      expect(future.data.isLive).toBe(false);

      const home = await as(null).get('/api/media');
      expect(home.data.banners.map((b: { title: string }) => b.title)).toContain('Exámenes preventivos');
      expect(home.data.sliders.map((s: { id: number }) => s.id)).not.toContain(future.data.id);

      expect((await as(admin).post(`/api/banner/${live.data.id}`, { isActive: false })).data.isLive).toBe(false);
      expect((await as(null).get('/api/media')).data.banners.map((b: { id: number }) => b.id)).not.toContain(live.data.id);
      // The picture is in use: it cannot be deleted from under the banner.
      expect(await as(admin).delete(`/api/files/${image.id}`)).toMatchObject({ code: 409, error: 'FILE.IN_USE' });
      expect(await as(admin).delete(`/api/banner/${live.data.id}`)).toMatchObject({ code: 200 });
      expect(await as(admin).get(`/api/banner/${live.data.id}`)).toMatchObject({ code: 404, error: 'BANNER.NOT_FOUND' });
    });
  });

  describe('categories and products', () => {
    let categoryId: number;
    let coverId: number;

    beforeAll(async () => {
      categoryId = (await as(admin).post('/api/category', { name: 'Perfiles de prueba' })).data.id;
      coverId = (await as(admin).upload(await png(800, 600), 'paquete.png', 'image/png')).data.id;
    });

    it('creates a package with its exams and a dated offer, and the storefront lists it under offers at the offer price', async () => {
      const created = await as(admin).post('/api/product', {
        code: 'pack-api-01', name: 'Chequeo de prueba', categoryId, laboratoryId: branchA, examIds, price: 29990,
        offerPrice: 24990, offerStartsAt: new Date(Date.now() - 3600_000).toISOString(), offerEndsAt: new Date(Date.now() + 86_400_000).toISOString(),
        coverFileId: coverId, isNew: true,
      });
      expect(created).toMatchObject({
        code: 200,
        data: { code: 'PACK-API-01', price: 24990, regularPrice: 29990, netPrice: 29990, onOffer: true, isNew: true, category: { id: categoryId }, company: { id: companyA }, laboratory: { id: branchA } },
      });
      expect(created.data.exams).toHaveLength(3);
      const id = created.data.id;
      const ids = async (list: string) => (await as(null).post('/api/product/search', { list, perPage: 100 })).data.items.map((p: { id: number }) => p.id);
      expect(await ids('offers')).toContain(id);
      expect(await ids('new')).toContain(id);
      expect(await ids('general')).toContain(id);
      expect(await as(null).get(`/api/product/${id}`)).toMatchObject({ code: 200, data: { price: 24990, cover: { id: coverId } } });

      const [sellable] = await t.app.get(ProductCatalogue).findSellable([id, id, 2147483000]);
      expect(sellable).toMatchObject({ id, name: 'Chequeo de prueba', categoryName: 'Perfiles de prueba', price: 24990, laboratoryId: branchA, cover: `/api/media/${coverId}?w=320` });
      expect((await t.app.get(ProductCatalogue).findSellable([id], { at: new Date(Date.now() + 2 * 86_400_000) }))[0].price).toBe(29990);

      // Inactive: gone from the storefront (404 like a missing id), still in the back office.
      await as(admin).post(`/api/product/${id}`, { isActive: false });
      expect(await as(null).get(`/api/product/${id}`)).toMatchObject({ code: 404, error: 'PRODUCT.NOT_FOUND' });
      expect(await ids('general')).not.toContain(id);
      expect((await as(admin).post('/api/product/search', { status: 'inactive' })).data.items.map((p: { id: number }) => p.id)).toContain(id);
      expect(await t.app.get(ProductCatalogue).findSellable([id])).toEqual([]);
    });

    it('refuses inconsistent prices, unknown exams and a taken code, and writes nothing', async () => {
      const before = await t.prisma.product.count();
      const base = { code: 'PACK-MALO', name: 'Malo', laboratoryId: branchA, examIds, price: 20000 };
      expect(await as(admin).post('/api/product', { ...base, offerPrice: 20000 })).toMatchObject({ code: 400, errors: { offerPrice: [expect.any(String)] } });
      expect(await as(admin).post('/api/product', { ...base, netPrice: 25000 })).toMatchObject({ code: 400, errors: { netPrice: [expect.any(String)] } });
      expect(await as(admin).post('/api/product', { ...base, offerEndsAt: '2026-12-31' })).toMatchObject({ code: 400, errors: { offerPrice: [expect.any(String)] } });
      expect(await as(admin).post('/api/product', { ...base, examIds: [2147483000] })).toMatchObject({ code: 400, errors: { examIds: [expect.any(String)] } });
      expect(await as(admin).post('/api/product', { ...base, examIds: [] })).toMatchObject({ code: 400, errors: { examIds: [expect.any(String)] } });
      expect(await as(admin).post('/api/product', { ...base, price: '12.5' })).toMatchObject({ code: 400, errors: { price: [expect.any(String)] } });
      expect(await t.prisma.product.count()).toBe(before);
      await as(admin).post('/api/product', { ...base, code: 'PACK-UNICO' });
      expect(await as(admin).post('/api/product', { ...base, code: 'pack-unico' })).toMatchObject({ code: 409, error: 'PRODUCT.CODE_TAKEN', errors: { code: [expect.any(String)] } });
    });

    it('keeps a provider inside its company: its branches, its uploads, its products; another company\'s ids answer like missing ones', async () => {
      const myCover = (await as(providerA).upload(await png(500, 500), 'propia.png', 'image/png')).data.id;
      const base = { name: 'Perfil propio', examIds, price: 15990 };
      expect(await as(providerA).post('/api/provider/product', { ...base, code: 'PRV-A-X', laboratoryId: branchB })).toMatchObject({ code: 400, errors: { laboratoryId: ['El laboratorio no existe.'] } });
      expect(await as(providerA).post('/api/provider/product', { ...base, code: 'PRV-A-X', laboratoryId: branchA, coverFileId: coverId })).toMatchObject({ code: 400, errors: { coverFileId: [expect.any(String)] } });
      const mine = await as(providerA).post('/api/provider/product', { ...base, code: 'PRV-A-1', laboratoryId: branchA, coverFileId: myCover });
      expect(mine).toMatchObject({ code: 200, data: { company: { id: companyA }, cover: { id: myCover } } });
      const id = mine.data.id;

      const listA = (await as(providerA).post('/api/provider/product/search', { perPage: 100 })).data.items;
      expect(listA.every((p: { company: { id: number } }) => p.company.id === companyA)).toBe(true);
      expect((await as(providerB).post('/api/provider/product/search', { perPage: 100 })).data.items.map((p: { id: number }) => p.id)).not.toContain(id);

      const missing = { get: await as(providerB).get('/api/provider/product/2147483000'), update: await as(providerB).post('/api/provider/product/2147483000', { price: 1000 }), remove: await as(providerB).delete('/api/provider/product/2147483000') };
      expect(missing.get).toMatchObject({ code: 404, error: 'PRODUCT.NOT_FOUND' });
      expect(await as(providerB).get(`/api/provider/product/${id}`)).toEqual(missing.get);
      expect(await as(providerB).post(`/api/provider/product/${id}`, { price: 1000 })).toEqual(missing.update);
      expect(await as(providerB).delete(`/api/provider/product/${id}`)).toEqual(missing.remove);
      expect((await t.prisma.product.findUniqueOrThrow({ where: { id } })).price).toBe(15990);

      // Moving the product to another company's branch is refused the same way.
      expect(await as(providerA).post(`/api/provider/product/${id}`, { laboratoryId: branchB })).toMatchObject({ code: 400, errors: { laboratoryId: ['El laboratorio no existe.'] } });
      expect(await as(providerA).post(`/api/provider/product/${id}`, { price: 13990 })).toMatchObject({ code: 200, data: { price: 13990, netPrice: 13990 } });
      expect(await as(providerA).delete(`/api/provider/product/${id}`)).toMatchObject({ code: 200, data: { id } });
      expect(await as(providerA).get(`/api/provider/product/${id}`)).toMatchObject({ code: 404 });
    });

    it('offers, for an order, the packages that include all its exams and cost less than the same branch charges for them', async () => {
      const priced = await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: branchA, status: 'AUTHORIZED', isActive: true, exam: { isActive: true } }, orderBy: { examId: 'asc' }, take: 3 });
      expect(priced).toHaveLength(3);
      const order = priced.slice(0, 2);
      const separate = order.reduce((sum, le) => sum + le.price, 0);
      const { comunaId } = await t.prisma.laboratory.findUniqueOrThrow({ where: { id: branchA } });
      const base = { laboratoryId: branchA, examIds: priced.map((le) => le.examId) };
      const cheap = (await as(admin).post('/api/product', { ...base, code: 'PACK-CUBRE-1', name: 'Cubre barato', price: separate + 5000, offerPrice: separate - 1000 })).data;
      const dear = (await as(admin).post('/api/product', { ...base, code: 'PACK-CUBRE-2', name: 'Cubre caro', price: separate + 1 })).data;
      const partial = (await as(admin).post('/api/product', { ...base, examIds: [order[0].examId], code: 'PACK-CUBRE-3', name: 'Cubre a medias', price: 100 })).data;

      const covering = async (body: object) => (await as(null).post('/api/product/covering', { examIds: order.map((le) => le.examId), ...body })).data;
      const here = await covering({ location: comunaId });
      const ids = here.map((c: { product: { id: number } }) => c.product.id);
      expect(ids).toContain(cheap.id);
      expect(ids).not.toContain(dear.id);
      expect(ids).not.toContain(partial.id);
      expect(here.find((c: { product: { id: number } }) => c.product.id === cheap.id)).toMatchObject({ separateTotal: separate, savings: 1000, extraExams: 1, product: { price: separate - 1000 } });

      const elsewhere = await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', id: { not: comunaId }, laboratories: { none: {} } } });
      expect((await covering({ location: elsewhere.id })).map((c: { product: { id: number } }) => c.product.id)).not.toContain(cheap.id);
      expect(await as(null).post('/api/product/covering', { examIds: [] })).toMatchObject({ code: 400, errors: { examIds: [expect.any(String)] } });
    });

    it('hides inactive categories from the storefront', async () => {
      const hidden = (await as(admin).post('/api/category', { name: 'Oculta', isActive: false })).data;
      expect(hidden.slug).toBe('oculta');
      expect((await as(admin).post('/api/category', { name: 'Oculta' })).data.slug).toBe('oculta-2');
      expect(await as(null).get(`/api/category/${hidden.id}`)).toMatchObject({ code: 404, error: 'CATEGORY.NOT_FOUND' });
      expect((await as(admin).get(`/api/category/${hidden.id}`)).data).toMatchObject({ id: hidden.id, isActive: false });
      expect(await as(admin).post(`/api/category/${hidden.id}`, { parentId: hidden.id })).toMatchObject({ code: 400, errors: { parentId: [expect.any(String)] } });
    });
  });

  describe('orphan files', () => {
    it('removes uploads nothing uses once the grace period has passed, with their variants, and keeps used ones', async () => {
      const orphan = (await as(admin).upload(await png(700, 400), 'huerfana.png', 'image/png')).data;
      const used = (await as(admin).upload(await png(700, 400), 'usada.png', 'image/png')).data;
      await as(admin).post('/api/slider', { title: 'Con imagen', imageFileId: used.id });
      const keyOf = async (id: number) => (await t.prisma.file.findUniqueOrThrow({ where: { id } })).storageKey;
      const orphanKey = await keyOf(orphan.id);
      const sweep = t.app.get(OrphanFileSweep);

      await sweep.sweep(new Date());
      expect(await t.prisma.file.findUnique({ where: { id: orphan.id } })).not.toBeNull();

      await sweep.sweep(new Date(Date.now() + 25 * 3600_000));
      expect(await t.prisma.file.findUnique({ where: { id: orphan.id } })).toBeNull();
      expect(await t.prisma.file.findUnique({ where: { id: used.id } })).not.toBeNull();
      const stored = await storedFiles(t);
      const usedName = (await keyOf(used.id)).split('/').pop()!;
      expect(stored.filter((p) => p.includes(orphanKey.split('/').pop()!))).toEqual([]);
      expect(stored.some((p) => p.includes(usedName))).toBe(true);
    });
  });
});
