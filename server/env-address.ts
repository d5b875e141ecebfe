import { isIP } from 'node:net';

/**
 * The grammar of ADMIN_ALLOWED_CIDRS and of client addresses. Part of the ground floor (server/env*.ts):
 * it imports nothing from server/, so env.ts checks the setting with it and http/address-allow.ts
 * matches clients against what env.ts parsed (docs/architecture.md).
 */
/** A parsed ADMIN_ALLOWED_CIDRS entry (http/address-allow.ts matches client addresses against it). */
export interface Cidr {
  net: bigint;
  bits: 32 | 128;
  prefix: number;
}

function ipv4ToBig(a: string): bigint {
  return a.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

function ipv6ToBig(a: string): bigint {
  let text = a;
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) becomes its two hextets.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const n = ipv4ToBig(v4[1]);
    text = `${text.slice(0, -v4[1].length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  const parts = [...left, ...(tail === undefined ? [] : zeros), ...right];
  return parts.reduce((acc, h) => (acc << 16n) | BigInt(Number.parseInt(h || '0', 16)), 0n);
}

/** An address as a number and its family; IPv4-mapped IPv6 counts as IPv4. Null when not an address. */
export function parseAddress(raw: string | undefined | null): { value: bigint; bits: 32 | 128 } | null {
  const a =
    (raw ?? '')
      .trim()
      .replace(/^\[|\]$/g, '')
      .split('%')[0] ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped?.[1]) return { value: ipv4ToBig(mapped[1]), bits: 32 };
  const kind = isIP(a);
  if (kind === 4) return { value: ipv4ToBig(a), bits: 32 };
  if (kind === 6) return { value: ipv6ToBig(a), bits: 128 };
  return null;
}

/** '10.0.0.0/8', '2001:db8::/32' or a single address; null when malformed. */
export function parseCidr(text: string): Cidr | null {
  const [addr = '', len, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const parsed = parseAddress(addr);
  if (!parsed) return null;
  const prefix = len === undefined ? parsed.bits : Number(len);
  if (!/^\d+$/.test(len ?? String(prefix)) || prefix < 0 || prefix > parsed.bits) return null;
  return { net: parsed.value, bits: parsed.bits, prefix };
}
