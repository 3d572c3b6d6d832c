import type { FairGateStats } from './fair-gate';

/**
 * The one narrow database interface the API uses. Two drivers implement it (embedded PGlite and a PostgreSQL
 * server), with the same SQL, so every query must be plain PostgreSQL with `$n` parameters.
 */

/** Runs statements; what a transaction callback receives as well as the store itself. */
export interface Queryable {
  /** Rows of one parameterised statement. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** The first row of one statement, or null. */
  one<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T | null>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** A database: statements, transactions, closing. */
export interface Store extends Queryable {
  /** Which driver this is; PostgreSQL-only features (e.g. pool sizes) may look at it. */
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. Statements inside
   * must go through the `Queryable` passed in (PGlite has one connection; the store itself would wait). Within an
   * API request it first tells the database who acts and through which call, for the audit log (`actor.ts`), so
   * every write to a company's configuration belongs in a transaction.
   */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** The connections in use and the work waiting for one, by desk (server/store/fair-store.ts; `GET /health/ready`). */
  connections?(): FairGateStats;
  /** Releases the connection(s); the store is unusable afterwards. */
  close(): Promise<void>;
}
