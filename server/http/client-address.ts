import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Context } from 'hono';

/** Where no socket exists (in-process app.request in tests) and no trusted proxy says otherwise. */
import { UNKNOWN_ADDRESS } from '../services/address-limits';

/**
 * The address limits are keyed by: IPv4 as it is, an IPv4-mapped IPv6 as its IPv4, any other
 * IPv6 as its /64 (one subscriber's line gets a whole /64, so per-address limits on single IPv6
 * addresses would not limit anyone).
 * @example addressKey('::ffff:10.0.0.7') // '10.0.0.7'
 * @example addressKey('2001:db8:1:2:a:b:c:d') // '2001:db8:1:2::/64'
 */
export function addressKey(raw: string | undefined | null): string {
  const a = (raw ?? '').trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped?.[1]) return mapped[1];
  const kind = isIP(a);
  if (kind === 4) return a;
  if (kind !== 6) return UNKNOWN_ADDRESS;
  return `${expandIpv6(a.split('%')[0] ?? a)
    .slice(0, 4)
    .join(':')}::/64`;
}

function expandIpv6(a: string): string[] {
  const [head = '', tail] = a.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...(tail === undefined ? [] : zeros), ...right].map((h) =>
    h.includes('.') ? h : (Number.parseInt(h, 16) || 0).toString(16),
  );
}

/**
 * The client's address: the socket's peer, or, when TRUST_PROXY = N proxies stand in front of us,
 * the address the N-th proxy saw (Express's "trust proxy" hop count): X-Forwarded-For is read from
 * the right, where our own proxies appended, so a client cannot choose its address by sending the
 * header itself.
 * @example forwardedClient('6.6.6.6, 1.2.3.4, 10.0.0.2', '10.0.0.1', 2) // '1.2.3.4'
 */
export function forwardedClient(xff: string | undefined, socket: string | undefined, trusted: number) {
  const hops = [
    socket ?? '',
    ...(xff ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .reverse(),
  ];
  return hops[Math.min(trusted, hops.length - 1)];
}

/** The limiting key of the request's client (see addressKey and forwardedClient). */
export function clientAddress(c: Context, trustProxy: number): string {
  const env = c.env as { incoming?: IncomingMessage; server?: { incoming?: IncomingMessage } } | undefined;
  const socket = (env?.incoming ?? env?.server?.incoming)?.socket?.remoteAddress;
  const raw = trustProxy > 0 ? forwardedClient(c.req.header('x-forwarded-for'), socket, trustProxy) : socket;
  return addressKey(raw);
}
