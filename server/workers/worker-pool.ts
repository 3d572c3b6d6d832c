import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { MSG } from '../../schemas/messages';
import { ApiError } from '../http/envelope';
import { SlicePort } from './slice-port';
import { owned, type TaskAnswer, type TaskMessage } from './worker-dispatch';
import { createFairGate, type Release } from '../store/fair-gate';

/**
 * A task module as the pool calls it: each export takes (input, items) in a worker thread, each with its own types
 * (`never` parameters: any function of two parameters is one; `run` takes its parameters' types from T).
 */
export type TaskModule = Record<string, (input: never, items: never[]) => unknown>;

/** How long a client refused for a full queue is asked to wait (Retry-After, seconds). */
const BUSY_RETRY_SECONDS = 5;

export interface WorkerPoolOptions {
  /** The task module (a TypeScript file) the workers load. */
  tasks: URL;
  /** Worker threads. */
  size: number;
  /** Requests' tasks that may wait for a thread, every desk's together; past that a request's task is refused (503). */
  queue: number;
  /**
   * Tasks one desk may have admitted at once (running or waiting); past that its request's task is refused (429), its
   * background task waits its turn. Default: half of `size + queue` (at least 1), so no desk fills the pool alone.
   */
  deskShare?: number;
  /** The desk a task is for when its run does not say (the app's pool: the request's user). */
  deskOf?: () => string;
}

export interface RunOptions<Item> {
  /** The task's large array input, sent in slices (the task's second argument). */
  items?: readonly Item[];
  /** A background job's task (bounded by the job queue) waits its turn; a request's may be refused (the default). */
  wait?: boolean;
  /** The desk the task is for (default: the pool's `deskOf`, else 'system'). */
  desk?: string;
}

/** What a pool has done: its bounds, what it runs and queues now, and the tasks it finished, by name. */
export interface WorkerPoolStats {
  size: number;
  queue: number;
  /** Tasks admitted and not finished (running or waiting for a thread). */
  active: number;
  /** Tasks waiting for a thread. */
  waiting: number;
  /** Desks with requests' tasks admitted, and how many each. */
  desks: Record<string, number>;
  completed: Record<string, number>;
}

/** A bounded pool of worker threads running the exports of one task module. */
export interface WorkerPool<T extends TaskModule> {
  /**
   * Runs task `task` with `input` (plain data, cloned; its top-level byte arrays are moved, so a caller's Buffer that
   * owns its memory is unusable afterwards) and `items`. An array answer comes back in slices, bytes moved (as a
   * Buffer), anything else cloned.
   */
  run<K extends keyof T & string>(
    task: K,
    input: Parameters<T[K]>[0],
    options?: RunOptions<Parameters<T[K]>[1][number]>,
  ): Promise<Awaited<ReturnType<T[K]>>>;
  stats(): WorkerPoolStats;
  /** Stops the threads; tasks not finished fail. */
  close(): Promise<void>;
}

/** The refusal of a request's task when the pool's queue is full (every desk's work together). */
export const poolBusy = () => new ApiError(503, [MSG.busy], { 'retry-after': String(BUSY_RETRY_SECONDS) });

/** The refusal of a request's task when its desk has its share of the pool already. */
export const deskBusy = () => new ApiError(429, [MSG.deskBusy], { 'retry-after': String(BUSY_RETRY_SECONDS) });

/** Moves the top-level byte arrays of `input` (copied first when they share memory) and lists what to transfer. */
function movable(input: unknown): { input: unknown; transfer: ArrayBuffer[] } {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return { input, transfer: [] };
  const transfer: ArrayBuffer[] = [];
  const copy = Object.fromEntries(
    Object.entries(input).map(([key, value]) => {
      if (!(value instanceof Uint8Array)) return [key, value];
      const bytes = owned(value);
      transfer.push(bytes.buffer);
      return [key, bytes];
    }),
  );
  return { input: copy, transfer };
}

/**
 * A pool of `size` worker threads (piscina) for CPU-heavy tasks, so that the event loop keeps answering requests
 * while a spreadsheet is parsed or a report written. At most `size + queue` tasks are admitted at once, and at most
 * `deskShare` of one desk: past the desk's share its request's task is refused (429), past the pool's bound (every
 * desk together) 503, both with Retry-After; a background job's task waits instead. A thread that frees takes the
 * oldest task of the desk served longest ago (a fair pick), so one desk's burst never keeps another's task waiting
 * behind it. Large inputs and answers cross in slices or as moved bytes (server/workers/README.md).
 */
export function createWorkerPool<T extends TaskModule>(options: WorkerPoolOptions): WorkerPool<T> {
  // Each task is posted as a TaskMessage and settles with the TaskAnswer worker-dispatch.ts gives (moved bytes
  // unwrapped). Piscina is handed a task only when a thread is free: the waiting is ours, by desk.
  const piscina = new Piscina<TaskMessage, TaskAnswer>({
    filename: fileURLToPath(new URL('./worker-entry.mjs', import.meta.url)),
    minThreads: options.size,
    maxThreads: options.size,
    maxQueue: options.queue + options.size,
    // The entry registers tsx itself: the parent's flags (Vitest's, --import tsx, --cpu-prof) are not the worker's.
    execArgv: [],
    workerData: { tasks: options.tasks.href },
  });
  const limit = options.size + options.queue;
  const share = options.deskShare ?? Math.max(1, Math.floor(limit / 2));
  const completed: Record<string, number> = {};
  /**
   * Requests' tasks admitted, by desk and in all (running or waiting for a thread): what the desk's share and the
   * pool's bound count. A background job's tasks are bounded by the job queue, and wait their desk's turn here.
   */
  const requests = new Map<string, number>();
  let requestsAdmitted = 0;
  /** Threads handed out fairly: a freed one goes to the oldest task of the desk served longest ago. */
  const threads = createFairGate({ slots: options.size, companyCap: options.size });
  let closed = false;

  /** Admits a task of `desk` (refusing a request's past the desk's share or the pool's bound) and waits for a thread. */
  async function admit(desk: string, request: boolean): Promise<Release> {
    if (closed) throw new Error('the worker pool is closed');
    if (request) {
      if ((requests.get(desk) ?? 0) >= share) throw deskBusy();
      if (requestsAdmitted >= limit) throw poolBusy();
      requests.set(desk, (requests.get(desk) ?? 0) + 1);
      requestsAdmitted++;
    }
    try {
      return await threads.enter(desk);
    } catch (err) {
      if (request) leave(desk);
      throw err;
    }
  }
  /** A request's task is no longer admitted. */
  function leave(desk: string): void {
    requestsAdmitted--;
    const left = (requests.get(desk) ?? 1) - 1;
    if (left > 0) requests.set(desk, left);
    else requests.delete(desk);
  }

  return {
    async run(task, taskInput, runOptions = {}) {
      const desk = runOptions.desk ?? options.deskOf?.() ?? 'system';
      const request = !(runOptions.wait ?? false);
      const releaseThread = await admit(desk, request);
      const { port1, port2 } = new MessageChannel();
      const slices = new SlicePort(port1);
      try {
        const { input, transfer } = movable(taskInput);
        const answer = piscina.run({ task, input, port: port2 }, { transferList: [port2, ...transfer] });
        const exchange = slices.send(runOptions.items ?? []).then(() => slices.receive());
        const [result, items] = await Promise.all([answer, exchange]);
        completed[task] = (completed[task] ?? 0) + 1;
        const value: unknown =
          result instanceof Uint8Array
            ? Buffer.from(result.buffer, result.byteOffset, result.byteLength)
            : 'sliced' in result
              ? items
              : result.value;
        // The answer of the task module's export `task`, which the worker ran: typed by its signature (a value that
        // crossed a thread is cloned data the compiler cannot follow).
        return value as never;
      } finally {
        slices.close();
        releaseThread();
        if (request) leave(desk);
      }
    },
    stats: () => {
      const { inside, waiting } = threads.stats();
      return {
        size: options.size,
        queue: options.queue,
        active: inside + waiting,
        waiting,
        desks: Object.fromEntries(requests),
        completed: { ...completed },
      };
    },
    async close() {
      closed = true;
      threads.close(new Error('the worker pool is closed'));
      await piscina.destroy();
    },
  };
}
