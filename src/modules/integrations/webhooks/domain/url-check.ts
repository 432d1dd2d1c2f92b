import { lookup } from 'node:dns/promises';
import { WebhookUrlRefusedError } from '../webhooks.errors';
import { checkWebhookUrlResolved, type UrlPolicy } from './url-policy';

/** The registration's check (with DNS in production): the normalised URL, or a 400 on `url` saying why not. */
export async function acceptableUrl(raw: string, policy: UrlPolicy): Promise<string> {
  const checked = await checkWebhookUrlResolved(raw, policy, async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address));
  if (!checked.ok) throw new WebhookUrlRefusedError(checked.message);
  return checked.url.toString();
}
