import { accessibleEndpoint } from '../../src/modules/integrations/webhooks/webhook-access';
import { SearchWebhookEndpointsHandler, SearchWebhookEndpointsQuery } from '../../src/modules/integrations/webhooks/queries/search-webhook-endpoints/search-webhook-endpoints.query';
import type { Actor } from '../../src/platform/auth/actor';
import type { PrismaService } from '../../src/platform/database/prisma.service';
import { startMedium, type MediumActors } from '../support/medium';

/**
 * Which webhooks a caller sees and may touch (issue 27, item 4): a company's whole-company provider users its own, an
 * administrator every company's; a provider narrowed to some branches none (a webhook carries every branch's events).
 * The HTTP cases (test/integrations/webhooks.cases.ts) keep one check per route that it hands the caller over.
 */
describe('the webhooks each caller sees', () => {
  let prisma: PrismaService;
  let close: () => Promise<void>;
  let actors: MediumActors;
  let mine: { companyId: number; endpoint: number; lab: number };
  let theirs: { companyId: number; endpoint: number };

  beforeAll(async () => {
    ({ prisma, actors, close } = await startMedium(16));
    const [a, b] = await prisma.company.findMany({ where: { laboratories: { some: {} } }, select: { id: true, laboratories: { select: { id: true }, take: 1 } }, orderBy: { id: 'asc' }, take: 2 });
    const endpoint = (companyId: number, url: string) => prisma.webhookEndpoint.create({ data: { companyId, url, events: ['price.authorized'], secret: 'whsec_medium' } }).then((e) => e.id);
    mine = { companyId: a.id, endpoint: await endpoint(a.id, 'https://a.example.cl/hooks'), lab: a.laboratories[0].id };
    theirs = { companyId: b.id, endpoint: await endpoint(b.id, 'https://b.example.cl/hooks') };
  });
  afterAll(() => close());

  const search = (actor: Actor, filter: { companyId?: number } = {}) =>
    new SearchWebhookEndpointsHandler(prisma).execute(new SearchWebhookEndpointsQuery(actor, filter)).then((page) => page.items.map((e) => e.id));

  it('lists a provider its own company’s webhooks only, also when it asks for another company’s', async () => {
    expect(await search(actors.provider(mine.companyId))).toEqual([mine.endpoint]);
    expect(await search(actors.provider(mine.companyId), { companyId: theirs.companyId })).toEqual([mine.endpoint]);
  });

  it('lists an administrator every company’s webhooks, or one company’s when it asks', async () => {
    expect(await search(actors.administrator())).toEqual([mine.endpoint, theirs.endpoint]);
    expect(await search(actors.administrator(), { companyId: theirs.companyId })).toEqual([theirs.endpoint]);
  });

  it('answers another company’s webhook as one that does not exist', async () => {
    await expect(accessibleEndpoint(prisma, actors.provider(mine.companyId), theirs.endpoint)).rejects.toMatchObject({ status: 404, error: 'WEBHOOK.ENDPOINT_NOT_FOUND' });
    expect(await accessibleEndpoint(prisma, actors.provider(mine.companyId), mine.endpoint)).toMatchObject({ id: mine.endpoint });
    expect(await accessibleEndpoint(prisma, actors.administrator(), theirs.endpoint)).toMatchObject({ id: theirs.endpoint });
  });

  it('refuses a provider narrowed to some branches, even its own company’s webhooks', async () => {
    const narrowed = actors.provider(mine.companyId, [mine.lab]);
    await expect(search(narrowed)).rejects.toMatchObject({ status: 403, error: 'AUTH.FORBIDDEN' });
    await expect(accessibleEndpoint(prisma, narrowed, mine.endpoint)).rejects.toMatchObject({ status: 403, error: 'AUTH.FORBIDDEN' });
  });
});
