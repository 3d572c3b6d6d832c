import type { FastifyInstance } from 'fastify';
import { HEALTHY, platformCalls, type ReadyState } from '../../schemas/api/platform';
import { withActor } from '../store/actor';
import type { Store } from '../store/store';
import { cpuPoolSize, cpuPoolStats } from '../workers/cpu-pool';
import { route } from './route';

/** How long the readiness probe waits for the database before it says it did not answer. */
export const READY_DEADLINE_MS = 2_000;

/** The probe's own desk: its turn at the database comes next, whoever floods it (server/store/fair-store.ts). */
const PROBE_DESK = 'health';

/** The database's answer to the probe within the deadline: the jobs queued and running, or null. */
async function probe(store: Store): Promise<{ queued: number | null; active: number | null } | null> {
  const ask = withActor(
    () => null,
    () =>
      store.one<{ queued: number | null; active: number | null }>(
        `select (select count(*) from pgboss.job where state in ('created', 'retry'))::int as queued,
                (select count(*) from pgboss.job where state = 'active')::int as active`,
      ),
    () => PROBE_DESK,
  );
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), READY_DEADLINE_MS);
  });
  try {
    return await Promise.race([ask.catch(() => null), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /health`, answered from memory before anything else (no database, no pool, no hook that reads): the process
 * is alive. `GET /health/ready`: what a load balancer needs to decide whether to send this instance work.
 */
export function useHealth(app: FastifyInstance, store: Store): void {
  route(app, platformCalls.health, async () => HEALTHY);
  route(app, platformCalls.ready, async (_request, reply) => {
    const started = performance.now();
    const jobs = await probe(store);
    const ms = Math.round(performance.now() - started);
    const connections = store.connections?.() ?? { slots: 1, deskCap: 1, inside: 0, waiting: 0, desks: {} };
    const pool = cpuPoolStats();
    const state: ReadyState = {
      status: 'ready',
      database: {
        answered: jobs !== null,
        ms,
        connections: {
          slots: connections.slots,
          inside: connections.inside,
          waiting: connections.waiting,
          desks: Object.keys(connections.desks).length,
        },
      },
      pool: {
        slots: pool?.size ?? cpuPoolSize(),
        inside: pool ? pool.active - pool.waiting : 0,
        waiting: pool?.waiting ?? 0,
        desks: pool ? Object.keys(pool.desks).length : 0,
      },
      jobs: { queued: jobs?.queued ?? null, active: jobs?.active ?? null },
    };
    if (!jobs) return reply.code(503).send({ ...state, status: 'unavailable' });
    const full = (share: { slots: number; inside: number; waiting: number }) =>
      share.inside >= share.slots && share.waiting > 0;
    const busy = full(state.database.connections) || full(state.pool);
    return busy ? { ...state, status: 'busy' as const } : state;
  });
}
