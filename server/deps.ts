import type { Lang } from '../src/i18n/languages';
import type { Clock } from './clock';
import type { Db } from './db/types';
import type { Env } from './env';
import type { Logger } from './logger';

/** Everything a request handler may use; built once in main.ts (or per test file). */
export interface Deps {
  db: Db;
  env: Env;
  clock: Clock;
  logger: Logger;
}

export interface PlayerPrincipal {
  kind: 'player';
  userId: string;
  tokenId: string;
  isBlocked: boolean;
  globelBatting: boolean;
  /** The saved language: answers follow it when the request names none (issue 22). */
  language: Lang;
}

export interface AdminPrincipal {
  kind: 'admin';
  adminId: string;
  tokenId: string;
  username: string;
  /** 'owner' runs everything and manages operators; 'staff' no settings, adjustments or operators. */
  role: OperatorRole;
  /** Two-factor sign-in is in force for this operator (ADMIN_REQUIRE_2FA lets no one else far). */
  twoFactor: boolean;
}

export type OperatorRole = 'owner' | 'staff';

export type Principal = PlayerPrincipal | AdminPrincipal;
