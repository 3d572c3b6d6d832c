import { availableParallelism } from 'node:os';
import { currentDesk } from '../store/actor';
import type * as CpuTasks from './cpu-tasks';
import { createWorkerPool, type WorkerPool, type WorkerPoolStats } from './worker-pool';

/** Tasks that may queue per thread before a request's task is refused (a background job's waits). */
const QUEUE_PER_THREAD = 16;

/**
 * The pool's threads: `WORKER_POOL_SIZE` when it is a whole number from 1, else one less than the cores this process
 * may use (at least one), so that the event loop keeps a core.
 */
export function cpuPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.WORKER_POOL_SIZE);
  return Number.isInteger(asked) && asked >= 1 ? asked : Math.max(1, availableParallelism() - 1);
}

let pool: WorkerPool<typeof CpuTasks> | null = null;
let holders = 0;

/**
 * The process's pool for the API's CPU-heavy work (server/workers/cpu-tasks.ts: spreadsheets read and written,
 * reports, replays), started on its first task (or when a server listens: server/app.ts). One per process, shared by
 * every app built in it.
 */
export function cpuPool(): WorkerPool<typeof CpuTasks> {
  pool ??= createWorkerPool<typeof CpuTasks>({
    tasks: new URL('./cpu-tasks.ts', import.meta.url),
    size: cpuPoolSize(),
    queue: QUEUE_PER_THREAD * cpuPoolSize(),
    // Each desk's share of the pool is kept by the user the request acts for (a job's tasks: the system's).
    deskOf: currentDesk,
  });
  return pool;
}

/**
 * Holds the pool for an app (`buildApp`); the function answered lets go of it, and the last holder's closes it, so a
 * process whose apps are closed has no threads left (a test run ends, a server stops).
 */
export function holdCpuPool(): () => Promise<void> {
  holders++;
  let held = true;
  return async () => {
    if (!held) return;
    held = false;
    if (--holders > 0 || !pool) return;
    const closing = pool;
    pool = null;
    await closing.close();
  };
}

/** The pool's figures when it has started, else null (reading them does not start it). */
export function cpuPoolStats(): WorkerPoolStats | null {
  return pool?.stats() ?? null;
}
