import { isIPv4, isIPv6 } from 'node:net';

/**
 * An address as the reports keep it (Ley 21.719): IPv4 to its /24, IPv6 to its /48. Enough to see
 * abuse from a network, not to single out a household. Anything else is not kept.
 */
export function truncateIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1] : ip;
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return null;
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 3).map((g) => (parseInt(g, 16) || 0).toString(16)).join(':')}::/48`;
}
