import { DEFAULT_MARKET_TZ } from '../domain/market-zone';
import { useRead } from './read';
import type { ServerConfig } from './types';

// The server's facts every console screen words things by (GET /config): the market time zone
// and the money mode (real rupees or free-to-play points). The shell reads them once before any
// screen shows, so `money()` (words.ts) says amounts one way on every screen.

let current: Required<ServerConfig> = { marketTz: DEFAULT_MARKET_TZ, moneyMode: 'real' };

/** The config as last read (defaults until then: the market zone's default, real money). */
export function consoleConfig(): Required<ServerConfig> {
  return current;
}

/** Sets the config (the shell after its read; tests). */
export function setConsoleConfig(config: ServerConfig): void {
  current = { marketTz: config.marketTz, moneyMode: config.moneyMode ?? 'real' };
}

/** Reads GET /config for the shell: true once it answered (or failed: the defaults stand). */
export function useConsoleConfigReady(): boolean {
  const config = useRead<ServerConfig>('config');
  if (config.data) setConsoleConfig(config.data);
  return config.data !== null || config.error !== null;
}
