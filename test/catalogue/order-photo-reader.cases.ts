/**
 * "Foto de la orden": the OCR reader on its own (no Nest app, no database), on orders drawn by
 * test/support/order-photos.ts: a clean print and the same print photographed by a phone (3000×4000 JPEG
 * at quality 60, turned 3°, a shadow across it, slightly blurred), plus what it must refuse.
 */
import sharp from 'sharp';
import {
  OrderPhotoBusyError,
  OrderPhotoTimeoutError,
  OrderPhotoTooLargeError,
  OrderPhotoUnreadableError,
  OrderPhotoUnsupportedError,
} from '../../src/modules/catalogue/exams/exams.errors';
import { OrderPhotoReader } from '../../src/modules/catalogue/exams/infrastructure/order-photo-reader';
import { asPhonePhoto, decompressionBombPng, linesFound, renderOrder, type PrintedOrder } from '../support/order-photos';
import { waitFor } from '../support/wait';

const EXAMS = ['Hemograma', 'Perfil bioquímico', 'Perfil lipídico', 'TSH', 'T4 libre', 'Orina completa', 'Urocultivo', 'Creatinina', 'Hemoglobina glicosilada', 'Proteína C reactiva'];
const ORDER: PrintedOrder = {
  title: 'ORDEN DE EXÁMENES',
  patient: 'Paciente: María José Soto Pérez   RUT: 12.345.678-5',
  details: ['Fecha: 14 de marzo de 2025', 'Diagnóstico: Control anual'],
  lines: EXAMS,
};

/** "9/10" and what was missed: what a failing assertion shows. */
const score = (text: string) => {
  const { found, missed } = linesFound(EXAMS, text);
  return `${found.length}/${EXAMS.length}${missed.length ? ` missed: ${missed.join(', ')}` : ''}`;
};
const NINE_OR_TEN = /^(9|10)\/10\b/;

describe('OrderPhotoReader', () => {
  const reader = new OrderPhotoReader();
  let clean: Buffer;
  let photo: Buffer;

  beforeAll(async () => {
    clean = await renderOrder(ORDER);
    photo = await asPhonePhoto(clean);
  });
  afterAll(() => reader.onModuleDestroy());

  it('reads a printed order, line by line', async () => {
    const text = await reader.read(clean);
    expect(score(text)).toMatch(NINE_OR_TEN);
    expect(text.split('\n').length).toBeGreaterThanOrEqual(EXAMS.length);
  });

  it('reads the same order photographed by a phone (12 MP JPEG, turned, shadowed, blurred), printing nothing', async () => {
    const written: string[] = [];
    const spies = [process.stdout, process.stderr].map((stream) =>
      jest.spyOn(stream, 'write').mockImplementation(function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
        written.push(String(chunk));
        return (jest.requireActual('node:stream').Writable.prototype.write as Function).call(this, chunk, ...rest);
      }),
    );
    let text: string;
    try {
      text = await reader.read(photo);
      // What a worker thread prints reaches this thread on its own channel, after the answer: end the thread, so
      // that all it printed has arrived (the next photo starts another).
      await reader.stopWorker();
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
    expect(score(text)).toMatch(NINE_OR_TEN);
    // Neither the worker thread nor Tesseract may print what it read (a medical order is health data).
    const printed = written.join('');
    for (const word of ['Hemograma', 'Urocultivo', 'Soto', 'Estimating resolution']) expect(printed).not.toContain(word);
  });

  it('refuses what is not a picture, and a picture it cannot decode', async () => {
    await expect(reader.read(Buffer.from('%PDF-1.7 this is not a photo'))).rejects.toBeInstanceOf(OrderPhotoUnreadableError);
    await expect(reader.read(Buffer.alloc(0))).rejects.toMatchObject({ status: 422, error: 'EXAM.ORDER_PHOTO_UNREADABLE' });
    // A JPEG cut short after its header.
    await expect(reader.read(photo.subarray(0, 600))).rejects.toBeInstanceOf(OrderPhotoUnreadableError);
  });

  it('refuses a decompression bomb from its header, before decoding a pixel', async () => {
    const bomb = decompressionBombPng();
    expect(bomb.length).toBeLessThan(200);
    await expect(reader.read(bomb)).rejects.toBeInstanceOf(OrderPhotoTooLargeError);
    // Just over 40 megapixels: 8000×5001.
    await expect(reader.read(decompressionBombPng(8000, 5001))).rejects.toMatchObject({ status: 422, error: 'EXAM.ORDER_PHOTO_TOO_LARGE' });
  });

  it('refuses pictures of other kinds (GIF, TIFF, SVG)', async () => {
    const small = sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } });
    for (const other of [await small.clone().gif().toBuffer(), await small.clone().tiff().toBuffer(), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')]) {
      await expect(reader.read(other)).rejects.toMatchObject({ status: 415, error: 'EXAM.ORDER_PHOTO_UNSUPPORTED' });
    }
    await expect(reader.read(await small.clone().gif().toBuffer())).rejects.toBeInstanceOf(OrderPhotoUnsupportedError);
  });

  it('refuses an iPhone HEIC photo, saying how to send it', async () => {
    // This build of sharp decodes no HEVC: the start of a HEIC file (its ftyp box) is all it takes.
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write('ftypheic', 4, 'latin1');
    ftyp.write('mif1heic', 16, 'latin1');
    const heic = Buffer.concat([ftyp, Buffer.alloc(200)]);
    await expect(reader.read(heic)).rejects.toMatchObject({ status: 415, error: 'EXAM.ORDER_PHOTO_UNSUPPORTED', message: expect.stringContaining('HEIC') });
  });

  it('reads one photo at a time, lets a few wait, and refuses more as busy with a Retry-After', async () => {
    const small = new OrderPhotoReader({ maxWaiting: 1 });
    try {
      const first = small.read(clean);
      const second = small.read(clean);
      const third = small.read(clean);
      await expect(third).rejects.toBeInstanceOf(OrderPhotoBusyError);
      await expect(third).rejects.toMatchObject({ status: 503, error: 'EXAM.ORDER_PHOTO_BUSY', retryAfterSeconds: expect.any(Number) });
      expect(score(await first)).toMatch(NINE_OR_TEN);
      expect(score(await second)).toMatch(NINE_OR_TEN);
    } finally {
      await small.onModuleDestroy();
    }
  });

  it('stops a photo that overruns its time limit by ending its worker; the next photo starts another', async () => {
    const hurried = new OrderPhotoReader({ timeLimitMs: 1 });
    try {
      await expect(hurried.read(photo)).rejects.toMatchObject({ status: 503, error: 'EXAM.ORDER_PHOTO_TIMEOUT', retryAfterSeconds: expect.any(Number) });
      await expect(hurried.read(clean)).rejects.toBeInstanceOf(OrderPhotoTimeoutError);
      // The same reader with time enough (its options are private: set here, for this test only).
      (hurried as unknown as { options: { timeLimitMs: number } }).options.timeLimitMs = 60_000;
      expect(score(await hurried.read(clean))).toMatch(NINE_OR_TEN);
    } finally {
      await hurried.onModuleDestroy();
    }
  });

  it('stops its worker when idle and starts another at the next photo', async () => {
    const idle = new OrderPhotoReader({ idleMs: 100 });
    const worker = () => (idle as unknown as { worker: unknown }).worker;
    try {
      expect(worker()).toBeUndefined();
      expect(score(await idle.read(clean))).toMatch(NINE_OR_TEN);
      expect(worker()).toBeDefined();
      // Idle for idleMs: the worker goes.
      expect(await waitFor(async () => worker(), (w) => w === undefined, 5_000)).toBeUndefined();
      expect(score(await idle.read(clean))).toMatch(NINE_OR_TEN);
    } finally {
      await idle.onModuleDestroy();
    }
    expect(worker()).toBeUndefined();
    await expect(idle.read(clean)).rejects.toBeInstanceOf(OrderPhotoBusyError);
  });
});
