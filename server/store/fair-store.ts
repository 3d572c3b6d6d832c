import { AsyncLocalStorage } from 'node:async_hooks';
import { currentCompany, currentDesk } from './actor';
import { createFairGate, type FairGate } from './fair-gate';
import type { Queryable, Store } from './store';

/** Set inside work that holds a connection: its own statements (and a transaction's) go straight through. */
const holding = new AsyncLocalStorage<true>();

/**
 * The store with a fair turn at its connections: each statement and each transaction begun outside one waits for a
 * connection of the gate, which hands a freed one to the oldest work of the desk served longest ago
 * (server/store/fair-gate.ts), and one desk holds at most `deskCap` at once. PGlite has one connection: a long read
 * of one desk (an export's page, a compare, a preview's slice) is one turn, and another desk's statement is the next
 * one instead of waiting behind every statement the first desk queued. On PostgreSQL a desk's cap leaves connections
 * for the others however many requests it sends, and one company's desks together leave one for other companies.
 * Whose desk and company a statement is for: {@link currentDesk}, {@link currentCompany}.
 */
export function fairShare(store: Store, options: { connections: number; deskCap?: number }): Store {
  const gate: FairGate = createFairGate({ slots: options.connections, deskCap: options.deskCap });
  async function turn<T>(work: () => Promise<T>): Promise<T> {
    if (holding.getStore()) return work();
    const release = await gate.enter(currentDesk(), currentCompany());
    try {
      return await holding.run(true, work);
    } finally {
      release();
    }
  }
  return {
    kind: store.kind,
    query: <T>(sql: string, params?: unknown[]) => turn(() => store.query<T>(sql, params)),
    one: <T>(sql: string, params?: unknown[]) => turn(() => store.one<T>(sql, params)),
    exec: (sql: string) => turn(() => store.exec(sql)),
    tx: <T>(fn: (q: Queryable) => Promise<T>) => turn(() => store.tx(fn)),
    connections: () => gate.stats(),
    async close() {
      gate.close(new Error('the store is closed'));
      await store.close();
    },
  };
}
