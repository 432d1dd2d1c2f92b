import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { startTestApp, type TestApp } from '../support/app';

/**
 * Issue 27, item 5: the OpenAPI document a laboratory's developer generates a client from. It is built from the
 * code (zod schemas for requests, route return types for answers), so these tests check what a client generator
 * and Redocly see: every operation typed, Redocly's recommended rules clean, and a typed client that compiles the
 * calls an integration makes (and refuses a misspelt field).
 */
const run = promisify(execFile);
const root = join(__dirname, '..', '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

type Operation = { operationId: string; summary?: string; requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, { content?: Record<string, { schema: unknown }> }>; security?: unknown[] };

describe('the OpenAPI document (issue 27)', () => {
  let t: TestApp;
  let document: { paths: Record<string, Record<string, Operation>> };
  let dir: string;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 0, redis: false });
    document = (await t.http.get('/api/docs-json').expect(200)).body;
    dir = await mkdtemp(join(tmpdir(), 'cotizalab-openapi-'));
    await writeFile(join(dir, 'openapi.json'), JSON.stringify(document));
  });
  afterAll(async () => {
    await t?.close();
    if (dir && !process.env.KEEP) await rm(dir, { recursive: true, force: true });
  });

  const operations = () => Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));

  it('describes what every route answers, as the code answers it today', async () => {
    // The answers are the routes' TypeScript return types, written by a script: stale means a route changed its answer.
    await expect(run(bin('node'), [join(root, 'scripts/openapi-answers.mts'), '--check'], { cwd: root })).resolves.toBeDefined();
    const all = operations();
    expect(all.length).toBeGreaterThan(150);
    for (const { path, method, operation } of all) {
      expect({ path, method, answer: Boolean(operation.responses['200']) }).toEqual({ path, method, answer: true });
      const json = operation.responses['200']?.content?.['application/json']?.schema as { properties?: { data?: object } } | undefined;
      // JSON answers are typed inside the envelope; `{}` would be an untyped answer.
      if (json) expect({ path, method, typed: Object.keys(json.properties?.data ?? {}).length > 0 }).toEqual({ path, method, typed: true });
      // POST answers 200, as the API does (the envelope's code), never Swagger's default 201.
      expect(operation.responses['201']).toBeUndefined();
    }
    const search = document.paths['/api/laboratory/search'].post;
    expect(search.security).toEqual([{}, { session: [] }]);
    expect(JSON.stringify(search.requestBody)).toContain('"exams"');
    expect(JSON.stringify(search.responses['200'])).toContain('#/components/schemas/QuoteResults');
    // A provider route takes an API key; managing the keys needs a person's session.
    expect(document.paths['/api/laboratory-exam-import'].post.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(document.paths['/api/api-key'].post.security).toEqual([{ session: [] }]);
  });

  it("passes Redocly's recommended rules with no error", async () => {
    const { stdout } = await run(bin('redocly'), ['lint', join(dir, 'openapi.json'), '--extends=recommended', '--format=json'], { cwd: dir }).catch((failure: { stdout: string }) => failure);
    const problems: { severity: string; ruleId: string; message: string; location: { pointer: string }[] }[] = JSON.parse(stdout).problems;
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('generates a typed client that compiles a search, a price update and a price import, and refuses a misspelt field', async () => {
    await run(bin('openapi-typescript'), [join(dir, 'openapi.json'), '--output', join(dir, 'api.d.ts')], { cwd: dir });
    const client = `
      import createClient from 'openapi-fetch';
      import type { paths } from './api';
      const api = createClient<paths>({ baseUrl: 'https://cotizalab.example', headers: { Authorization: 'Bearer clk_live_x' } });
      export async function integration(file: Blob) {
        const quote = await api.POST('/api/laboratory/search', { body: { exams: [28, 87], location: 13101, nearLocations: true, pensionHealtInstitutionId: 1, orderBy: 'toPay' } });
        const first = quote.data?.data.items[0];
        const pays: number | undefined = first?.toPay;
        const updated = await api.POST('/api/laboratory-exam/{id}', { params: { path: { id: 5 } }, body: { price: 4990 } });
        const price: number | undefined = updated.data?.data.price;
        const imported = await api.POST('/api/laboratory-exam-import', {
          params: { header: { 'Idempotency-Key': 'lista-2026-11' } },
          body: { file: file as unknown as string, confirm: 'true' },
          bodySerializer: (body) => { const form = new FormData(); for (const [k, v] of Object.entries(body)) form.append(k, v as string | Blob); return form; },
        });
        const job = imported.data?.data;
        return [pays, price, job];
      }`;
    const misspelt = `
      import type { paths } from './api';
      type QuoteRequest = paths['/api/laboratory/search']['post']['requestBody']['content']['application/json'];
      export const wrong: QuoteRequest = { examIds: [28, 87] };`;
    const compile = async (source: string) => {
      const file = join(dir, `client-${Math.random().toString(36).slice(2)}.ts`);
      await writeFile(file, source);
      const program = ts.createProgram([file], {
        strict: true, noEmit: true, target: ts.ScriptTarget.ES2023, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
        typeRoots: [], types: [], lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'], paths: { 'openapi-fetch': [join(root, 'node_modules/openapi-fetch')] },
      });
      return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    };
    expect(await compile(client)).toEqual([]);
    expect((await compile(misspelt)).join('\n')).toContain('examIds');
  });
});
