import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { Env } from '../env';
import { forbidden } from '../services/errors';
import { forwardedClient } from './client-address';

/**
 * ADMIN_ALLOWED_CIDRS: the client addresses (IPv4 and IPv6 CIDRs, or single addresses) the operator
 * console and the operator API answer; empty means any. Players are never affected.
 */
export const ADDRESS_NOT_ALLOWED = 'The operator console is not available from this address';

interface Cidr {
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

const within = (value: bigint, c: Cidr) => {
  const shift = BigInt(c.bits - c.prefix);
  return value >> shift === c.net >> shift;
};

/** Whether an address is in the list (an empty list allows every address, an unknown one none). */
export function addressAllowed(cidrs: string[], raw: string | undefined | null): boolean {
  if (cidrs.length === 0) return true;
  const address = parseAddress(raw);
  if (!address) return false;
  return cidrs.some((text) => {
    const c = parseCidr(text);
    return c !== null && c.bits === address.bits && within(address.value, c);
  });
}

/** The client's own address (not the /64 the limits use), as TRUST_PROXY resolves it. */
export function clientRaw(c: Context, trustProxy: number): string | undefined {
  type Incoming = { socket?: { remoteAddress?: string } };
  const env = c.env as { incoming?: Incoming; server?: { incoming?: Incoming } } | undefined;
  const socket = (env?.incoming ?? env?.server?.incoming)?.socket?.remoteAddress;
  return trustProxy > 0 ? forwardedClient(c.req.header('x-forwarded-for'), socket, trustProxy) : socket;
}

export function operatorAddressAllowed(c: Context, env: Env): boolean {
  return addressAllowed(env.ADMIN_ALLOWED_CIDRS, clientRaw(c, env.TRUST_PROXY));
}

/** 403 unless the client may reach the operator console and API (ADMIN_ALLOWED_CIDRS). */
export function assertOperatorAddress(c: Context, env: Env): void {
  if (!operatorAddressAllowed(c, env)) throw forbidden(ADDRESS_NOT_ALLOWED);
}
