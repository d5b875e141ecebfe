import type { Lang } from '../../src/i18n/languages';
import type { Clock } from '../clock';
import type { Db } from '../db/types';
import type { Env } from '../env';
import type { Logger } from '../logger';

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

export interface AppEnv {
  Variables: {
    deps: Deps;
    requestId: string;
    /** The client's limiting key (http/client-address.ts), set before any route runs. */
    clientAddress: string;
    principal?: Principal;
    /** Set by a route that answered with its own (pre-compressed) encoding: compressJson skips it. */
    encoded?: boolean;
    /**
     * Reads a GET path of the API with this request's credentials and answers its `data` (undefined
     * when it is not a plain 200 read): the audit log's before and after (http/audit.ts).
     */
    readAsOperator?: (path: string) => Promise<unknown>;
    /** The audit row written ahead of this operator write (http/audit.ts), completed after it. */
    auditRowId?: string;
  };
}
