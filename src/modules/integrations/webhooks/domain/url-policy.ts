import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may point (SSRF). In production: https only, and never a host that is or resolves to a private,
 * loopback, link-local (cloud metadata: 169.254.169.254, fd00:ec2::254), CGNAT (100.100.100.200), multicast or
 * reserved address. Elsewhere (development, tests): https anywhere, or http to localhost / 127.0.0.1 / ::1, so a
 * developer can point it at a local server.
 */
export interface UrlPolicy {
  production: boolean;
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(network, prefix, 'ipv6');

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether an IP address is one a webhook may never reach in production. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, 'ipv6');
}

/** The URL as it is stored, or the Spanish reason it is refused (for the `url` field). */
export type UrlCheck = { ok: true; url: URL } | { ok: false; message: string };

/** The checks that need no DNS: syntax, scheme, credentials, and a literal IP or a name that is obviously internal. */
export function checkWebhookUrl(raw: string, policy: UrlPolicy): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: 'Indica una URL completa, por ejemplo https://mi-sistema.cl/webhooks/cotizalab.' };
  }
  if (url.username || url.password) return { ok: false, message: 'La URL no puede llevar usuario ni contraseña.' };
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local && !policy.production)) {
    return { ok: false, message: policy.production ? 'La URL debe comenzar con https://.' : 'La URL debe comenzar con https:// (http:// solo para localhost en desarrollo).' };
  }
  if (policy.production) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (local || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local') || (isIP(host) !== 0 && isForbiddenAddress(host))) {
      return { ok: false, message: FORBIDDEN_HOST };
    }
  }
  return { ok: true, url };
}

export const FORBIDDEN_HOST = 'La URL apunta a una dirección privada o interna; usa una dirección pública de tu sistema.';

/** Resolves a host name to its addresses (node:dns `lookup` with `all: true`). */
export type ResolveHost = (host: string) => Promise<string[]>;

/**
 * The whole check at registration: `checkWebhookUrl`, and in production that every address the name resolves to is
 * public (a name that does not resolve is refused too). Delivery checks again, at connect time (see http-post.ts).
 */
export async function checkWebhookUrlResolved(raw: string, policy: UrlPolicy, resolve: ResolveHost): Promise<UrlCheck> {
  const checked = checkWebhookUrl(raw, policy);
  if (!checked.ok || !policy.production) return checked;
  const host = checked.url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return checked;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return { ok: false, message: 'No encontramos ese dominio; revisa la URL.' };
  }
  if (addresses.length === 0) return { ok: false, message: 'No encontramos ese dominio; revisa la URL.' };
  if (addresses.some(isForbiddenAddress)) return { ok: false, message: FORBIDDEN_HOST };
  return checked;
}
