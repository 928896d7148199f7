import { isIP } from 'node:net';

/*
 * Allowed networks: an address ('203.113.10.25', '2001:db8::1') or a CIDR range
 * ('203.113.10.0/24', '2001:db8:abcd::/48'). IPv4 addresses seen as IPv4-mapped IPv6
 * ('::ffff:203.113.10.25', what a dual-stack socket reports) are compared as IPv4.
 */

interface Range {
  readonly bits: bigint;
  readonly prefix: number;
  readonly width: 32 | 128;
}

function ipv4Bits(address: string): bigint {
  return address.split('.').reduce((bits, part) => (bits << 8n) | BigInt(Number(part)), 0n);
}

function ipv6Bits(address: string): bigint {
  let text = address;
  // an embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail?.[1]) {
    const v4 = ipv4Bits(tail[1]);
    text = `${text.slice(0, tail.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return all.reduce((bits, group) => (bits << 16n) | BigInt(parseInt(group, 16)), 0n);
}

/** An address as bits: IPv4-mapped IPv6 as its IPv4; null when it is no address. */
function addressBits(address: string): { bits: bigint; width: 32 | 128 } | null {
  const version = isIP(address);
  if (version === 4) return { bits: ipv4Bits(address), width: 32 };
  if (version !== 6) return null;
  const bits = ipv6Bits(address.split('%')[0] ?? address);
  if (bits >> 32n === 0xffffn) return { bits: bits & 0xffff_ffffn, width: 32 };
  return { bits, width: 128 };
}

/** A network as the settings hold it, or null when it is neither an address nor a CIDR range. */
export function parseNetwork(text: string): Range | null {
  const [address = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined || address.includes('%')) return null;
  const parsed = addressBits(address);
  if (!parsed) return null;
  const width = parsed.width;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  // a mapped IPv6 range (::ffff:0:0/104) counts its prefix in IPv6 bits
  const rawPrefix = prefixText === undefined ? (isIP(address) === 6 ? 128 : 32) : Number(prefixText);
  const prefix = isIP(address) === 6 && width === 32 ? rawPrefix - 96 : rawPrefix;
  if (prefix < 0 || prefix > width) return null;
  return { bits: parsed.bits, prefix, width };
}

/** Whether `address` (the request's, as the portal sees it) lies in `network`. */
export function inNetwork(address: string, network: Range): boolean {
  const parsed = addressBits(address);
  if (!parsed || parsed.width !== network.width) return false;
  const shift = BigInt(network.width - network.prefix);
  return parsed.bits >> shift === network.bits >> shift;
}
