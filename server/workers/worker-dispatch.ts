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

/**
 * What {@link dispatch} hands piscina: a {@link TaskAnswer}, its bytes wrapped by piscina's `move` (piscina unwraps them:
 * the caller receives the Uint8Array).
 */
export type PostedAnswer = TaskAnswer | ReturnType<typeof move>;

/** `bytes` in an ArrayBuffer of its own, so that moving it takes nothing else along (a small Buffer shares a pool's). */
export function owned(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes;
  // The same memory, as a view typed by its (not shared) ArrayBuffer; else a copy.
  return bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength && buffer instanceof ArrayBuffer
    ? new Uint8Array(buffer)
    : new Uint8Array(bytes);
}

/**
 * Runs one task in a worker thread: receives its items (the array input, sent in slices), calls the task module's
 * export of that name with (input, items), and answers: an array goes back in slices, bytes are moved, anything
 * else is cloned.
 */
export async function dispatch(
  tasks: Record<string, unknown>,
  { task, input, port }: TaskMessage,
): Promise<PostedAnswer> {
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
  return value instanceof Uint8Array ? move(owned(value)) : { value };
}
