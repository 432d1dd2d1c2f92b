import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The tables imports owns: its jobs, their rows and the kept files. Every other table has its own module as writer
 * (branches: the laboratories' BranchBatch; the catalogue: the exams' ExamBatch; prices: pricing's aggregate).
 */
const OWN_MODELS = new Set(['importJob', 'importRow', 'importFileChunk']);
const OWN_TABLES = new Set(['import_job', 'import_row', 'import_file_chunk']);
const PRISMA_WRITE = /\b(?:tx|db|prisma)\.(\w+)\.(?:create|createMany|createManyAndReturn|update|updateMany|upsert|delete|deleteMany)\(/g;
const SQL_WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([a-z_]+)"?/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [join(dir, entry.name)] : [],
  );
}

describe('imports writes only its own tables', () => {
  it('reaches the catalogue through its modules’ batches', () => {
    const found = new Set<string>();
    for (const file of sources(__dirname)) {
      const text = readFileSync(file, 'utf8');
      const name = relative(__dirname, file);
      for (const [, model] of text.matchAll(PRISMA_WRITE)) if (!OWN_MODELS.has(model)) found.add(`${name}: ${model}`);
      for (const [, table] of text.matchAll(SQL_WRITE)) if (!OWN_TABLES.has(table)) found.add(`${name}: ${table}`);
    }
    expect([...found].sort()).toEqual([]);
  });
});
