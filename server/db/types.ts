import type { ChangeFeed } from './change-feed';

/** One small query interface over PGlite and node-postgres, so services never see the driver. */
export type Row = Record<string, unknown>;

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Several statements without parameters (migrations, test resets). */
  exec(sql: string): Promise<void>;
}

export type Isolation = 'read committed' | 'repeatable read' | 'serializable';

export interface TransactionOptions {
  /** Default 'read committed' (use row locks: SELECT ... FOR UPDATE). */
  isolation?: Isolation;
  /** Retries on serialization failures and deadlocks (pg only; PGlite runs one transaction at a time). */
  retries?: number;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /** Committed changes to read-model and access tables, from any process (db/change-feed.ts). */
  readonly changes: ChangeFeed;
  /** Runs fn in BEGIN/COMMIT; any throw rolls back and is re-thrown. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
}

/** SQLSTATEs worth retrying a whole transaction for. */
export const RETRYABLE_CODES = new Set(['40001', '40P01']);

export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/**
 * The statement failed on a live connection with a SQLSTATE, so its transaction rolled back and
 * nothing it did was written. Not so for a lost connection (class 08, an operator's or a
 * shutdown's termination 57P, a socket error without a SQLSTATE): a commit may have landed, and
 * the connection must not be used again.
 */
export function statementRolledBack(error: unknown): boolean {
  const code = pgErrorCode(error);
  if (code === undefined || !/^[0-9A-Z]{5}$/.test(code)) return false;
  if (typeof error !== 'object' || error === null || !('severity' in error)) return false;
  return !code.startsWith('08') && !code.startsWith('57P');
}

/** One page of a list: what the router parsed from ?page=&limit= (http/paging.ts). */
export interface PageRequest {
  page: number;
  limit: number;
  offset: number;
}
