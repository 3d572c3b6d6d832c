import { AsyncLocalStorage } from 'node:async_hooks';
import type { Queryable } from './store';

/** Who is changing the configuration, and through which call: what the audit log records of each change. */
export interface Actor {
  userId: string;
  email: string;
  /** The contract id of the call (e.g. `routes.createOrUpdate`). */
  call: string;
}

/** The slot of one request: read when a transaction opens, so it can be filled after the request began (once the token is checked). */
interface ActorSlot {
  actor(): Actor | null;
  /** Whose share of the database and the worker pool the work counts against (see {@link currentDesk}). */
  desk?(): string;
  /** The company the work is for, once the request's scope is resolved ('' before, and for jobs). */
  company?(): string;
}

const slots = new AsyncLocalStorage<ActorSlot>();

/**
 * Runs `fn` (and everything it starts, awaited or not) with `actor` as the source of the current actor. A request
 * hook calls this around the rest of the request's handling (server/http/audit-actor.ts).
 */
export function withActor<T>(actor: () => Actor | null, fn: () => T, desk?: () => string, company?: () => string): T {
  return slots.run({ actor, desk, company }, fn);
}

/** The actor of the work in progress, or null (outside a request, or before its token was checked). */
export function currentActor(): Actor | null {
  return slots.getStore()?.actor() ?? null;
}

/**
 * The desk the work in progress counts against for its fair share of the database connection(s) and the worker
 * pool: the request's user (from its token, once the signature is checked), else who the request comes from, else
 * 'system' (jobs, the scheduler, the sweep).
 */
export function currentDesk(): string {
  const slot = slots.getStore();
  return slot?.desk?.() ?? slot?.actor()?.userId ?? 'system';
}

/** The company the work in progress is for (its share of the database among companies), or '' while unknown. */
export function currentCompany(): string {
  return slots.getStore()?.company?.() ?? '';
}

/**
 * Hands the current actor to the database for the transaction just begun: the audit triggers (migration
 * 070_audit_log.sql) read these transaction-local settings, which end with the transaction. Without an actor nothing
 * is set and the changes are recorded as the system's.
 */
export async function announceActor(q: Queryable): Promise<void> {
  const actor = currentActor();
  if (!actor) return;
  await q.query(
    "select set_config('app.user_id', $1, true), set_config('app.user_email', $2, true), set_config('app.call', $3, true)",
    [actor.userId, actor.email, actor.call],
  );
}
