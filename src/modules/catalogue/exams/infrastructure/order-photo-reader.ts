import { Inject, Injectable, OnModuleDestroy, Optional } from '@nestjs/common';
import { dirname, join } from 'node:path';
import type { Worker as ThreadWorker } from 'node:worker_threads';
import { sharp, type Metadata } from '../../../../platform/images/sharp';
import type { Worker as OcrWorker } from 'tesseract.js';
import {
  OrderPhotoBusyError,
  OrderPhotoTimeoutError,
  OrderPhotoTooLargeError,
  OrderPhotoUnreadableError,
  OrderPhotoUnsupportedError,
} from '../exams.errors';

export interface OrderPhotoReaderOptions {
  /** Photos that may wait while one is read; one more is refused as busy (default 4). */
  maxWaiting: number;
  /** Time limit of one photo from the moment its turn comes: preparing, starting the OCR worker, reading (default 15 s). */
  timeLimitMs: number;
  /** The OCR worker (about 150-250 MB while it lives) is stopped after this long without a photo (default 2 min). */
  idleMs: number;
  /** Larger pictures are refused before they are decoded (default 40 megapixels). */
  maxMegapixels: number;
}

/** Optional provider of `Partial<OrderPhotoReaderOptions>`; without it the defaults apply. */
export const ORDER_PHOTO_READER_OPTIONS = Symbol('ORDER_PHOTO_READER_OPTIONS');

const DEFAULTS: OrderPhotoReaderOptions = { maxWaiting: 4, timeLimitMs: 15_000, idleMs: 120_000, maxMegapixels: 40 };

/**
 * The long side the photo is reduced to. Measured with this preparation on generated orders
 * (test/catalogue/order-photo.fixtures.ts), 10 photos per print size at 12 and 10 pt, from a sheet
 * filling the frame to one far away, faded and blurred: exam lines read right out of 220 were 187 at
 * 1600 px, 192 at 2000, 186 at 2200, 202 at 2400 and 204 at 2800 (the frame-filling photos were read
 * whole at every size; small print is what needs the pixels). 2400 costs about 0.2 s of one core more
 * than 2000 per photo.
 */
const LONG_SIDE = 2400;

/** Where the Spanish model lives: the package's LSTM-only integer model (2 MB, loads in about 0.5 s). */
const SPANISH_MODEL_DIR = join(dirname(require.resolve('@tesseract.js-data/spa/package.json')), '4.0.0_best_int');

/**
 * Tesseract parameters. Sauvola's local threshold (2) instead of the default global Otsu (0) keeps the
 * text of a sheet with a shadow across it; `debug_file` silences Tesseract's own messages
 * ("Estimating resolution as ...") that would otherwise reach the process's stdout.
 */
const OCR_PARAMETERS = (PSM: typeof import('tesseract.js').PSM) => ({ tessedit_pageseg_mode: PSM.AUTO, thresholding_method: '2', debug_file: '/dev/null' });

/** The kinds a phone or a browser hands over. HEIC is refused: this build of sharp decodes only AVIF in HEIF. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** One photo's turn: whether its caller has given up on it (time limit), and whether it reached the worker. */
interface Job {
  cancelled: boolean;
  usesWorker: boolean;
}

interface LiveWorker {
  /** Resolves once the model is loaded and the parameters are set. */
  ready: Promise<OcrWorker>;
  /** Rejects when the worker thread ends or fails: what an in-flight reading races against. */
  gone: Promise<never>;
  /** Resolves once the worker's thread has ended. */
  stop(): Promise<void>;
}

/**
 * Reads the text of a photographed medical order ("Foto de la orden") with Tesseract (tesseract.js,
 * Spanish), in memory in this process. A medical order is health data: the photo and its text are
 * never written to disk, logged or sent anywhere; the worker thread's stdout and stderr are dropped.
 *
 * One OCR worker thread per process, started at the first photo and stopped after `idleMs` without
 * one (and when the module is destroyed). Photos are read one at a time; up to `maxWaiting` wait
 * their turn, the next is refused with OrderPhotoBusyError (503, Retry-After). A photo whose turn
 * lasts longer than `timeLimitMs` is stopped by ending the worker (the next photo starts a new one).
 */
@Injectable()
export class OrderPhotoReader implements OnModuleDestroy {
  private readonly options: OrderPhotoReaderOptions;
  private worker: LiveWorker | undefined;
  private reading = false;
  private readonly waiting: { resolve: () => void; reject: (error: Error) => void }[] = [];
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Running average of a reading, for the Retry-After of a busy answer. */
  private averageMs = 3_000;

  constructor(@Optional() @Inject(ORDER_PHOTO_READER_OPTIONS) options?: Partial<OrderPhotoReaderOptions>) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** The text of the photo, one printed line per line (blank lines between blocks). */
  async read(image: Buffer): Promise<string> {
    if (!Buffer.isBuffer(image) || image.length === 0) throw new OrderPhotoUnreadableError();
    // Admission is decided in call order, before anything is decoded: when busy, nothing is spent.
    await this.turn();
    const job: Job = { cancelled: false, usesWorker: false };
    const started = performance.now();
    const work = this.readInTurn(image, job);
    // The next photo's turn comes when this one's work has really ended (a stopped worker ends it at once).
    void work.then(
      () => this.release(performance.now() - started),
      () => this.release(),
    );
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OrderPhotoTimeoutError(this.retryAfterSeconds())), this.options.timeLimitMs);
    });
    try {
      return await Promise.race([work, deadline]);
    } catch (error) {
      if (error instanceof OrderPhotoTimeoutError) {
        job.cancelled = true;
        // Tesseract cannot be interrupted inside a reading: ending its thread is the only way.
        if (job.usesWorker) void this.stopWorker();
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.reject(new OrderPhotoBusyError(this.retryAfterSeconds()));
    clearTimeout(this.idleTimer);
    await this.stopWorker();
  }

  /** Format and size from the header alone, before any pixel is decoded. */
  private async check(image: Buffer, maxPixels: number): Promise<void> {
    let metadata: Metadata;
    try {
      metadata = await sharp(image, { limitInputPixels: false }).metadata();
    } catch {
      throw isHeic(image) ? new OrderPhotoUnsupportedError(true) : new OrderPhotoUnreadableError();
    }
    if (!ACCEPTED_FORMATS.has(metadata.format)) throw new OrderPhotoUnsupportedError(isHeic(image) || (metadata.format === 'heif' && metadata.compression === 'hevc'));
    if (!metadata.width || !metadata.height) throw new OrderPhotoUnreadableError();
    if (metadata.width * metadata.height > maxPixels) throw new OrderPhotoTooLargeError(this.options.maxMegapixels);
  }

  /** Waits for this photo's turn, or refuses it when the queue is full. */
  private turn(): Promise<void> {
    if (this.closed || (this.reading && this.waiting.length >= this.options.maxWaiting)) {
      return Promise.reject(new OrderPhotoBusyError(this.retryAfterSeconds()));
    }
    clearTimeout(this.idleTimer);
    if (!this.reading) {
      this.reading = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private release(tookMs?: number): void {
    if (tookMs !== undefined) this.averageMs = 0.7 * this.averageMs + 0.3 * tookMs;
    const next = this.waiting.shift();
    if (next) return next.resolve();
    this.reading = false;
    if (this.worker && !this.closed) this.idleTimer = setTimeout(() => void this.stopWorker(), this.options.idleMs).unref();
  }

  private retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(((this.waiting.length + 1) * this.averageMs) / 1000));
  }

  private async readInTurn(image: Buffer, job: Job): Promise<string> {
    const maxPixels = this.options.maxMegapixels * 1_000_000;
    await this.check(image, maxPixels);
    const prepared = await prepareOrderPhoto(image, maxPixels);
    if (job.cancelled) throw new OrderPhotoTimeoutError(this.retryAfterSeconds());
    job.usesWorker = true;
    const live = this.worker ?? (this.worker = startWorker(() => this.forget(live)));
    const ocr = await Promise.race([live.ready, live.gone]).catch(rethrown);
    try {
      const { data } = await Promise.race([ocr.recognize(prepared), live.gone]).catch(rethrown);
      return tidy(data.text);
    } finally {
      // The prepared picture stays in the worker's in-memory file system until the next one: remove it now.
      if (!job.cancelled) ocr.FS('unlink', ['/input']).catch(() => undefined);
    }
  }

  private forget(live: LiveWorker): void {
    if (this.worker === live) this.worker = undefined;
  }

  /** Ends the OCR worker now (the next photo starts another); resolves once its thread has ended. */
  async stopWorker(): Promise<void> {
    const live = this.worker;
    this.worker = undefined;
    await live?.stop();
  }
}

/**
 * What Tesseract reads best from a phone photo (measured, see LONG_SIDE): upright by its EXIF
 * orientation, grey, the long side at most 2400 px, contrast stretched between its 1st and 99th
 * percentiles, and a mild 3×3 sharpening (centre 2, sides -¼). The percentiles are counted here on
 * the reduced picture: sharp's normalise() took 280 ms of one core for the same stretch, this takes
 * about 15. A lossless PNG at low compression (about 20 ms) carries the result to the worker.
 * Exported for bench/order-photo.mts, which times it apart from the OCR.
 */
export async function prepareOrderPhoto(image: Buffer, maxPixels: number): Promise<Buffer> {
  try {
    const reduced = await sharp(image, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .greyscale()
      .resize(LONG_SIDE, LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = reduced.info;
    const [dark, light] = percentiles(reduced.data, 0.01);
    const gain = light > dark ? 255 / (light - dark) : 1;
    return await sharp(reduced.data, { raw: { width, height, channels: 1 } })
      .linear(gain, light > dark ? -dark * gain : 0)
      .convolve({ width: 3, height: 3, kernel: [0, -1, 0, -1, 8, -1, 0, -1, 0], scale: 4 })
      // One grey channel (sharp would write sRGB: three times the bytes for Tesseract to read).
      .toColourspace('b-w')
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch {
    throw new OrderPhotoUnreadableError();
  }
}

/** The grey levels below which, and above which, `share` of the pixels lie. */
function percentiles(pixels: Uint8Array, share: number): [number, number] {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < pixels.length; i++) histogram[pixels[i]]++;
  const count = pixels.length * share;
  let dark = 0;
  for (let seen = 0; dark < 255 && (seen += histogram[dark]) < count; ) dark++;
  let light = 255;
  for (let seen = 0; light > 0 && (seen += histogram[light]) < count; ) light--;
  return [dark, light];
}

/**
 * Starts a tesseract.js worker that needs nothing but node_modules: tesseract.js runs its own
 * worker script (node_modules/tesseract.js/src/worker-script/node) and `require`s the wasm core from
 * tesseract.js-core in the worker thread, so neither depends on where this file was compiled to; the
 * model is read from @tesseract.js-data/spa (gzip) and never cached to disk (`cacheMethod: 'none'`:
 * the default would write spa.traineddata into the working directory).
 */
function startWorker(onGone: () => void): LiveWorker {
  let ended = false;
  let markGone!: (error: Error) => void;
  const gone = new Promise<never>((_, reject) => (markGone = reject));
  gone.catch(() => undefined);
  const end = (error: Error) => {
    if (ended) return;
    ended = true;
    markGone(error);
    onGone();
  };
  // Required with the first photo, not at start (like the worker it makes).
  const { createWorker, OEM, PSM } = require('tesseract.js') as typeof import('tesseract.js');
  const ready = createWorker('spa', OEM.LSTM_ONLY, {
    langPath: SPANISH_MODEL_DIR,
    gzip: true,
    cacheMethod: 'none',
    // Without an error handler tesseract.js throws a failed job's error from its message listener,
    // out of reach of any catch: the process would crash. The job's promise is rejected anyway.
    errorHandler: () => undefined,
    logger: () => undefined,
  }).then(async (ocr) => {
    const thread = (ocr as OcrWorker & { worker: ThreadWorker }).worker;
    // From here a failing thread ends this worker instead of the process (an 'error' nobody listens to is thrown).
    thread.on('error', () => end(new Error('the OCR worker thread failed')));
    thread.once('exit', () => end(new Error('the OCR worker thread ended')));
    // Nothing the thread prints (Leptonica's messages) may reach the logs: drop its stdout and stderr.
    for (const stream of [thread.stdout, thread.stderr]) {
      stream.unpipe();
      stream.resume();
    }
    // An idle worker must not keep the process alive (a reading in progress keeps its request open anyway).
    thread.unref();
    await ocr.setParameters(OCR_PARAMETERS(PSM));
    return ocr;
  });
  ready.catch((error: unknown) => end(error instanceof Error ? error : new Error(`the OCR worker did not start: ${String(error)}`)));
  return {
    ready,
    gone,
    stop() {
      end(new Error('the OCR worker was stopped'));
      return ready.then((ocr) => ocr.terminate(), () => undefined).then(() => undefined, () => undefined);
    },
  };
}

/** An iPhone's HEIC photo, from its `ftyp` box (major brand heic, heix, hevc...), whatever sharp makes of it. */
function isHeic(image: Buffer): boolean {
  return image.length >= 12 && image.toString('latin1', 4, 8) === 'ftyp' && /^(heic|heix|hevc|hevx|heim|heis|hevm|hevs)$/.test(image.toString('latin1', 8, 12));
}

/** tesseract.js rejects with bare strings: make them errors (they name the failure, never the text). */
function rethrown(error: unknown): never {
  throw error instanceof Error ? error : new Error(`OCR failed: ${String(error)}`);
}

/** Tesseract's text with Unix line ends, no trailing spaces and at most one blank line in a row. */
function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
