// Types of the helpers the TypeScript tests share with the bench and chaos scripts.
export const START_V8_FLAGS: string[];
export const START_ENV: Record<string, string>;
export function freePort(): Promise<number>;
export function freshDatabase(
  baseUrl: string,
  prefix: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }>;
export function buildServer(): void;
export const SECOND_OWNER: { username: string; password: string };
export function addOwnerFromShell(
  env: Record<string, string>,
  owner?: { username: string; password: string },
): void;
export const CHROMIUM_ARGS: string[];
export function clearFirstVisitCaches(
  cdp: { send(method: string, params?: Record<string, unknown>): Promise<unknown> },
  origin: string,
): Promise<void>;
export const LIFTED_LIMITS: Record<string, string>;
export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as it is instead of `body` as JSON (set the content-type in `headers`). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Statuses answered instead of thrown. */
  accept?: number[];
  timeoutMs?: number;
}
// biome-ignore lint/suspicious/noExplicitAny: the envelope's data differs per route
export type Call = (method: string, path: string, opts?: CallOptions) => Promise<any>;
export function client(base: string): Call;
export function newPlayer(
  call: Call,
  admin: string,
  phone: string,
): Promise<{ id: string; phone: string; token: string }>;
export const ADMIN: { username: string; password: string };
export function adminToken(call: Call): Promise<string>;
export function creditWallet(
  call: Call,
  admin: string,
  userId: string,
  amount: number,
  description: string,
): Promise<unknown>;
export function marketDay(tz?: string, at?: Date): string;
export function setMainRates(call: Call, admin: string): Promise<void>;
