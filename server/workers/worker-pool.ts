import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { MSG } from '../../schemas/messages';
import { ApiError } from '../http/envelope';
import { SlicePort } from './slice-port';
import { owned, type TaskAnswer, type TaskMessage } from './worker-dispatch';

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
  /** Tasks that may wait for a thread; past that a request's task is refused (503) and a background task waits here. */
  queue: number;
}

export interface RunOptions<Item> {
  /** The task's large array input, sent in slices (the task's second argument). */
  items?: readonly Item[];
  /** A background job's task waits for room in a full queue; a request's is refused with 503 (the default). */
  wait?: boolean;
}

/** What a pool has done: its bounds, what it runs and queues now, and the tasks it finished, by name. */
export interface WorkerPoolStats {
  size: number;
  queue: number;
  /** Tasks admitted and not finished (running or queued). */
  active: number;
  /** Background tasks waiting for room in the queue. */
  waiting: number;
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

/** The refusal of a request's task when the pool's queue is full. */
export const poolBusy = () => new ApiError(503, [MSG.busy], { 'retry-after': String(BUSY_RETRY_SECONDS) });

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
 * while a spreadsheet is parsed or a report written. At most `size + queue` tasks are admitted at once: past that a
 * request's task is refused (503, Retry-After) and a background job's waits for room. Large inputs and answers cross
 * in slices or as moved bytes (server/workers/README.md).
 */
export function createWorkerPool<T extends TaskModule>(options: WorkerPoolOptions): WorkerPool<T> {
  // Each task is posted as a TaskMessage and settles with the TaskAnswer worker-dispatch.ts gives (moved bytes unwrapped).
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
  const completed: Record<string, number> = {};
  const waiting: { resolve(): void; reject(err: Error): void }[] = [];
  let active = 0;
  let closed = false;

  async function admit(wait: boolean): Promise<void> {
    if (closed) throw new Error('the worker pool is closed');
    if (active < limit) {
      active++;
      return;
    }
    if (!wait) throw poolBusy();
    // The slot of a finished task is handed over as it is (active stays the same).
    await new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
  }
  const release = () => {
    const next = waiting.shift();
    if (next) next.resolve();
    else active--;
  };

  return {
    async run(task, taskInput, runOptions = {}) {
      await admit(runOptions.wait ?? false);
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
        release();
      }
    },
    stats: () => ({
      size: options.size,
      queue: options.queue,
      active,
      waiting: waiting.length,
      completed: { ...completed },
    }),
    async close() {
      closed = true;
      for (const waiter of waiting.splice(0)) waiter.reject(new Error('the worker pool is closed'));
      await piscina.destroy();
    },
  };
}
