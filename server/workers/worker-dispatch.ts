import type { MessagePort } from 'node:worker_threads';
import { move } from 'piscina';
import { SlicePort } from './slice-port';

/** What the pool posts for one task: the task's name, its small input, and the channel of its large items. */
export interface TaskMessage {
  task: string;
  input: unknown;
  port: MessagePort;
}

/** What a task answers: its value, its array in slices, or its bytes moved (never copied) to the caller. */
export type TaskAnswer = { value: unknown } | { sliced: true } | Uint8Array;

/** `bytes` in an ArrayBuffer of its own, so that moving it takes nothing else along (a small Buffer shares a pool's). */
export const owned = (bytes: Uint8Array): Uint8Array =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : new Uint8Array(bytes);

/**
 * Runs one task in a worker thread: receives its items (the array input, sent in slices), calls the task module's
 * export of that name with (input, items), and answers: an array goes back in slices, bytes are moved, anything
 * else is cloned.
 */
export async function dispatch(tasks: Record<string, unknown>, { task, input, port }: TaskMessage): Promise<TaskAnswer> {
  const slices = new SlicePort(port);
  const run = tasks[task];
  if (typeof run !== 'function') throw new Error(`the worker pool has no task '${task}'`);
  const items = await slices.receive();
  const value: unknown = await run(input, items);
  if (Array.isArray(value)) {
    await slices.send(value);
    return { sliced: true };
  }
  await slices.send([]);
  return value instanceof Uint8Array ? (move(owned(value)) as Uint8Array) : { value };
}
