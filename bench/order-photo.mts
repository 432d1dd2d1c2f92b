/**
 * "Foto de la orden" benchmark: how long the API process takes to read a phone photo of a medical
 * order (preparing it with sharp + Tesseract OCR in the reader's worker thread), on ONE core, and how
 * many of its exam lines come back right. The reader is built with swc as `npm run build:api` builds
 * dist/, into a folder of its own (so it measures this tree, not a stale dist/): this also proves that
 * tesseract.js finds its worker script, wasm core and Spanish model from node_modules in a build.
 *
 * Usage: npm run bench:order-photo
 * It re-runs itself under `taskset -c 0` (one core, as a small API container would have) unless it
 * already runs on a single core. BENCH_SAMPLES (default 10) timed readings after one warm-up.
 *
 * Dataset: orders drawn by test/support/order-photos.ts, a 12-exam order on an A4 sheet at
 * 150 dpi (DejaVu Sans), photographed as a phone would: 3000×4000 JPEG at quality 60, turned 3°, a
 * shadow across the sheet, slightly blurred. Printed at 12 pt with the sheet filling the frame, and at
 * 10 pt photographed from farther away (the sheet half the frame's width, faded print, more blur).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus as machineCpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile, processMemory, ROOT } from './support.mts';

const cpus = /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '?';
if (/[,-]/.test(cpus) && !process.env.ORDER_PHOTO_BENCH_PINNED) {
  const pinned = spawnSync('taskset', ['-c', '0', process.execPath, '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', import.meta.filename, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ORDER_PHOTO_BENCH_PINNED: '1' },
  });
  if (pinned.signal) console.log(`the pinned run was ended by ${pinned.signal}`);
  if (!pinned.error) process.exit(pinned.status ?? 1);
  console.log(`taskset is not available (${pinned.error.message}): measuring on every core (${cpus})`);
}

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 10);
const work = mkdtempSync(join(tmpdir(), 'cotizalab-bench-order-photo-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const compiled = spawnSync(join(ROOT, 'node_modules/.bin/swc'), ['src', '-d', join(work, 'dist'), '--strip-leading-paths', '--copy-files', '--quiet'], { cwd: ROOT, encoding: 'utf8' });
if (compiled.status !== 0) throw new Error(`swc failed: ${compiled.stderr}`);
// The build finds its packages beside its folder, as dist/ does.
for (const entry of ['node_modules', 'package.json']) symlinkSync(join(ROOT, entry), join(work, entry));

const require = createRequire(import.meta.url);
const built = join(work, 'dist/modules/catalogue/exams/infrastructure/order-photo-reader.js');
const { OrderPhotoReader, prepareOrderPhoto } = require(built) as typeof import('../src/modules/catalogue/exams/infrastructure/order-photo-reader.ts');
// Imported here, not above: the re-run under taskset must not load it twice.
const { asPhonePhoto, linesFound, renderOrder } = await import('../test/support/order-photos.ts');

const EXAMS = ['Hemograma', 'Glicemia en ayunas', 'Perfil lipídico', 'Perfil bioquímico', 'Creatinina', 'Orina completa', 'Urocultivo', 'TSH',
  'T4 libre', 'Hemoglobina glicosilada', 'Proteína C reactiva', 'Vitamina D'];
const order = { title: 'ORDEN DE EXÁMENES', patient: 'Paciente: María José Soto Pérez   RUT: 12.345.678-5', details: ['Fecha: 14 de marzo de 2025', 'Diagnóstico: Control anual'], lines: EXAMS };
const photos = [
  { name: '12 pt, sheet filling the frame', image: await asPhonePhoto(await renderOrder(order, 12)) },
  { name: '10 pt, from farther away (sheet 55% of the frame, faded, blurred)', image: await asPhonePhoto(await renderOrder(order, 10), { degrees: -2, sheet: 0.55, contrast: 0.6, blur: 2, shadow: 0.6, quality: 50 }) },
];

const ms = (n: number) => `${Math.round(n)} ms`;
const mib = (n: number) => `${Math.round(n)} MiB`;
const reader = new OrderPhotoReader();
try {
  // Drawing the photos above used memory of its own: start the peak (VmHWM) from here.
  writeFileSync('/proc/self/clear_refs', '5');
  const before = processMemory(process.pid);
  const [one] = loadavg();
  console.log(`cores: ${/[,-]/.test(cpus) ? `all (${cpus})` : `pinned to CPU ${cpus}`}; load average ${one.toFixed(2)} (1 min) on a machine of ${machineCpus().length} cores`);
  console.log(`dataset: a 12-exam order as a 3000×4000 phone JPEG (quality 60, turned, shadowed, blurred); ${SAMPLES} readings of each photo after a warm-up`);
  for (const [i, photo] of photos.entries()) {
    const started = performance.now();
    const first = await reader.read(photo.image);
    const cold = performance.now() - started;
    const times: number[] = [];
    const preparing: number[] = [];
    let worst = EXAMS.length;
    for (let n = 0; n < SAMPLES; n++) {
      let t = performance.now();
      await prepareOrderPhoto(photo.image, 40_000_000);
      preparing.push(performance.now() - t);
      t = performance.now();
      const text = await reader.read(photo.image);
      times.push(performance.now() - t);
      worst = Math.min(worst, linesFound(EXAMS, text).found.length);
    }
    const { found, missed } = linesFound(EXAMS, first);
    console.log(`${photo.name} (${Math.round(photo.image.length / 1024)} kB):`);
    console.log(`  lines read right: ${found.length}/${EXAMS.length}${missed.length ? ` (missed: ${missed.join(', ')})` : ''}${worst < found.length ? `; ${worst}/${EXAMS.length} in the worst timed run` : ''}`);
    console.log(`  read (prepare + OCR): p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}; of which preparing with sharp p50 ${ms(percentile(preparing, 50))}`);
    console.log(`  ${i === 0 ? `first photo of the process: ${ms(cold)} (starts the worker thread and loads the model)` : `warm-up: ${ms(cold)}`}`);
  }
  const during = processMemory(process.pid);
  reader.onModuleDestroy();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = processMemory(process.pid);
  console.log(`memory (RSS of the process): ${mib(before.rssMiB)} before the first photo, peak ${mib(during.peakMiB)} while reading, ${mib(after.rssMiB)} 1 s after the worker stopped`);
  console.log('target: ≤ 4000 ms per phone photo on one core');
} finally {
  reader.onModuleDestroy();
}
