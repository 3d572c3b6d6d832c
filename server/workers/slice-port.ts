import type { MessagePort } from 'node:worker_threads';

/** What a slice may weigh (about a character or 8 bytes of a number each): copying it costs well under a millisecond. */
const SLICE_WEIGHT = 256 * 1024;

/** About how much copying `value` costs: its text length, 8 for anything else, through arrays and objects (two levels). */
export function weigh(value: unknown, depth = 0): number {
  if (typeof value === 'string') return value.length;
  if (value === null || typeof value !== 'object' || depth > 2) return 8;
  let sum = 8;
  for (const item of Array.isArray(value) ? value : Object.values(value)) sum += weigh(item, depth + 1);
  return sum;
}

type Message = { slice: unknown[] } | { end: true } | { ack: true };

/**
 * One side of a channel that carries a large array between threads in slices, each acknowledged before the next is
 * sent: structured cloning 50,000 objects at once holds a thread for about 100 ms, one slice for about one, and the
 * event loop of the side on the main thread runs between slices. Each side sends and receives in turn (the main
 * thread sends a task's input items, the worker its answer's); `close` ends the channel.
 */
export class SlicePort {
  readonly #port: MessagePort;
  readonly #inbox: Message[] = [];
  #waiting: { resolve(m: Message): void; reject(e: Error): void } | null = null;
  #closed = false;

  constructor(port: MessagePort) {
    this.#port = port;
    port.on('message', (m: Message) => {
      const waiting = this.#waiting;
      this.#waiting = null;
      if (waiting) waiting.resolve(m);
      else this.#inbox.push(m);
    });
    port.on('close', () => {
      this.#closed = true;
      this.#waiting?.reject(new Error('the worker channel closed'));
      this.#waiting = null;
    });
  }

  #next(): Promise<Message> {
    const queued = this.#inbox.shift();
    if (queued) return Promise.resolve(queued);
    if (this.#closed) return Promise.reject(new Error('the worker channel closed'));
    return new Promise((resolve, reject) => (this.#waiting = { resolve, reject }));
  }

  /** Sends `items` slice by slice, each once the other side has taken the one before; then the end. */
  async send(items: readonly unknown[]): Promise<void> {
    for (let start = 0; start < items.length; ) {
      let end = start;
      for (let weight = 0; end < items.length && (end === start || weight < SLICE_WEIGHT); end++)
        weight += weigh(items[end]);
      this.#port.postMessage({ slice: items.slice(start, end) } satisfies Message);
      if (!('ack' in (await this.#next()))) throw new Error('the worker channel is out of step');
      start = end;
    }
    this.#port.postMessage({ end: true } satisfies Message);
  }

  /** Receives what the other side {@link send}s, acknowledging each slice, up to its end (cloned: of unknown type). */
  async receive(): Promise<unknown[]> {
    const items: unknown[] = [];
    for (;;) {
      const m = await this.#next();
      if ('end' in m) return items;
      if (!('slice' in m)) throw new Error('the worker channel is out of step');
      for (const item of m.slice) items.push(item);
      this.#port.postMessage({ ack: true } satisfies Message);
    }
  }

  close(): void {
    this.#port.close();
  }
}
