import type { Client } from '@elastic/elasticsearch';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PrismaService, Tx } from '../../../platform/database/prisma.service';
import { buildSearchRequest, buildSplitCandidateRequests, toLaboratoryQuote, toSplitCandidate, type EsHit } from './elasticsearch-query';
import { readLaboratoryDocuments } from './laboratory-documents';
import type { FacetCount, QuoteQuery, QuoteResults, SearchIndex, SplitCandidate } from '../search-index';

/** search-mappings/ at the root of the project: index settings and mappings, versioned with the code. */
const MAPPINGS_FILE = join(__dirname, '..', '..', '..', 'search-mappings', 'laboratories.json');
const BATCH = 500;

interface TermsAgg {
  buckets: { key: number; doc_count: number }[];
}

/**
 * The search index on Elasticsearch, for deployments beyond one machine. Readers use the alias
 * `<alias>`; a full reindex builds a new physical index and swaps the alias, so searches never
 * see a half-built index. Exam synonyms from PostgreSQL are loaded into the analyzer at creation.
 */
export class ElasticsearchSearchIndex implements SearchIndex {
  readonly kind = 'elasticsearch' as const;
  private readonly client: Client;

  constructor(
    private readonly prisma: PrismaService,
    url: string,
    private readonly alias = 'cotizalab-laboratories',
  ) {
    // Required here, not at the top: only a deployment with ELASTICSEARCH_URL loads the client (about 40 MB).
    const { Client: ElasticsearchClient } = require('@elastic/elasticsearch') as typeof import('@elastic/elasticsearch');
    this.client = new ElasticsearchClient({ node: url });
  }

  /** A laboratory is one document with its prices nested: its whole document is rewritten. */
  async reindexPrices(laboratoryId: number, _examIds: number[], tx?: Tx): Promise<void> {
    await this.reindexLaboratories([laboratoryId], tx);
  }

  /** Its documents keep no confirmation dates (the search reads them from the write model for the page's lines). */
  async confirmPrices(): Promise<void> {}

  async reindexLaboratories(laboratoryIds: number[], tx?: Tx): Promise<void> {
    if (laboratoryIds.length === 0) return;
    await this.ensureIndex();
    const ids = [...new Set(laboratoryIds)];
    // wait_for: once the projector is done, searches see the change (as with PostgreSQL).
    for (let i = 0; i < ids.length; i += BATCH) await this.write(this.alias, ids.slice(i, i + BATCH), tx, 'wait_for');
  }

  async reindexAll(onProgress?: (done: number, total: number) => void) {
    const index = `${this.alias}-${Date.now()}`;
    await this.createIndex(index);
    const ids = (await this.prisma.laboratory.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((l) => l.id);
    let prices = 0;
    let laboratories = 0;
    for (let i = 0; i < ids.length; i += BATCH) {
      const written = await this.write(index, ids.slice(i, i + BATCH));
      laboratories += written.laboratories;
      prices += written.prices;
      onProgress?.(Math.min(i + BATCH, ids.length), ids.length);
    }
    await this.client.indices.refresh({ index });
    const previous = await this.client.indices.getAlias({ name: this.alias }).then((r) => Object.keys(r), () => [] as string[]);
    await this.client.indices.updateAliases({
      actions: [...previous.map((old) => ({ remove: { index: old, alias: this.alias } })), { add: { index, alias: this.alias } }],
    });
    if (previous.length > 0) await this.client.indices.delete({ index: previous });
    return { laboratories, prices };
  }

  async search(query: QuoteQuery): Promise<QuoteResults & { splitCandidates?: SplitCandidate[] }> {
    await this.ensureIndex();
    const request = buildSearchRequest(query);
    const [answer, splitCandidates] = await Promise.all([
      this.client.search({ index: this.alias, ...request } as Parameters<Client['search']>[0]),
      query.withSplitCandidates ? this.splitCandidates(query) : undefined,
    ]);
    const total = typeof answer.hits.total === 'number' ? answer.hits.total : (answer.hits.total?.value ?? 0);
    const aggs = answer.aggregations as unknown as { region: { comunas: TermsAgg }; located: { insurers: TermsAgg; filterValues: TermsAgg } };
    const [comunas, insurers, filterValues] = await Promise.all([
      this.named(aggs.region.comunas, 'location'),
      this.named(aggs.located.insurers, 'insurer'),
      this.named(aggs.located.filterValues, 'selectListChild'),
    ]);
    return {
      items: answer.hits.hits.map((hit) => toLaboratoryQuote(hit as Parameters<typeof toLaboratoryQuote>[0], query)),
      total,
      currentPage: query.currentPage,
      perPage: query.perPage,
      lastPage: Math.max(1, Math.ceil(total / query.perPage)),
      facets: { comunas, insurers, filterValues },
      ...(splitCandidates && { splitCandidates }),
    };
  }

  /** The branches the order could be split to, each once (a branch cheapest for two exams comes back twice). */
  private async splitCandidates(query: QuoteQuery): Promise<SplitCandidate[]> {
    const searches = buildSplitCandidateRequests(query).flatMap((body) => [{ index: this.alias }, body]);
    const answer = await this.client.msearch({ searches } as Parameters<Client['msearch']>[0]);
    const candidates = new Map<number, SplitCandidate>();
    for (const response of answer.responses) {
      if ('error' in response) throw new Error(`Elasticsearch refused a split's search: ${JSON.stringify(response.error).slice(0, 300)}`);
      for (const hit of response.hits.hits) {
        const candidate = toSplitCandidate(hit as unknown as EsHit, query);
        candidates.set(candidate.laboratoryId, candidate);
      }
    }
    return [...candidates.values()];
  }

  async ping(): Promise<void> {
    await this.client.cluster.health({ timeout: '2s' });
  }

  /** Indexes the quotable laboratories among `ids` and deletes the others. */
  private async write(index: string, ids: number[], tx?: Tx, refresh: 'wait_for' | false = false) {
    const documents = await readLaboratoryDocuments(tx ?? this.prisma, ids);
    const present = new Set(documents.map((d) => d.laboratoryId));
    const operations = [
      ...documents.flatMap((doc) => [{ index: { _index: index, _id: String(doc.laboratoryId) } }, doc]),
      ...ids.filter((id) => !present.has(id)).map((id) => ({ delete: { _index: index, _id: String(id) } })),
    ];
    const result = await this.client.bulk({ operations, refresh });
    const failed = result.items.filter((item) => (item.index?.error ?? (item.delete?.error && item.delete.status !== 404)));
    if (failed.length > 0) throw new Error(`Elasticsearch refused ${failed.length} documents: ${JSON.stringify(failed[0]).slice(0, 300)}`);
    return { laboratories: documents.length, prices: documents.reduce((sum, d) => sum + d.exams.length, 0) };
  }

  private ensured?: Promise<void>;

  /** Creates the first physical index behind the alias when there is none. */
  private ensureIndex(): Promise<void> {
    return (this.ensured ??= (async () => {
      if (await this.client.indices.existsAlias({ name: this.alias })) return;
      const index = `${this.alias}-${Date.now()}`;
      await this.createIndex(index);
      await this.client.indices.updateAliases({ actions: [{ add: { index, alias: this.alias } }] });
    })().catch((error: unknown) => {
      this.ensured = undefined;
      throw error;
    }));
  }

  private async createIndex(index: string): Promise<void> {
    const definition = JSON.parse(readFileSync(MAPPINGS_FILE, 'utf8'));
    const synonyms = await this.prisma.$queryRaw<{ rule: string }[]>`
      SELECT lower(replace(s.synonym, ',', ' ')) || ' => ' || lower(replace(e.name, ',', ' ')) AS rule
      FROM exam_synonym s JOIN exam e ON e.id = s.exam_id`;
    definition.settings.analysis.filter.exam_synonyms.synonyms = synonyms.map((s) => s.rule);
    await this.client.indices.create({ index, settings: definition.settings, mappings: definition.mappings });
  }

  private async named(agg: TermsAgg, table: 'location' | 'insurer' | 'selectListChild'): Promise<FacetCount[]> {
    const ids = agg.buckets.map((b) => Number(b.key));
    const where = { where: { id: { in: ids } }, select: { id: true, name: true } };
    const rows: { id: number; name: string }[] =
      table === 'location' ? await this.prisma.location.findMany(where) : table === 'insurer' ? await this.prisma.insurer.findMany(where) : await this.prisma.selectListChild.findMany(where);
    const names = new Map(rows.map((r) => [r.id, r.name]));
    return agg.buckets.map((b) => ({ id: Number(b.key), count: b.doc_count, name: names.get(Number(b.key)) ?? '' }));
  }
}
