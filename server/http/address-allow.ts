import type { Context } from 'hono';
import type { Env } from '../env';
import { type Cidr, parseAddress, parseCidr } from '../env-address';
import { forbidden } from '../services/errors';
import { forwardedClient } from './client-address';

/**
 * ADMIN_ALLOWED_CIDRS: the client addresses (IPv4 and IPv6 CIDRs, or single addresses) the operator
 * console and the operator API answer; empty means any. Players are never affected.
 */
export const ADDRESS_NOT_ALLOWED = 'The operator console is not available from this address';

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
