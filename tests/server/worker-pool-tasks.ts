/** Tasks of the worker pool's test (worker-pool.test.ts), run in its threads. */

/** Holds its thread until the test releases it: flag 1 says it started, flag 0 set to 1 lets it go. */
export function hold(input: { gate: SharedArrayBuffer }): string {
  const flags = new Int32Array(input.gate);
  Atomics.store(flags, 1, 1);
  Atomics.notify(flags, 1);
  Atomics.wait(flags, 0, 0);
  return 'released';
}

/** What arrived: the bytes' length and first byte, how many items and their sum. */
export function measure(
  input: { bytes: Uint8Array },
  items: number[],
): { bytes: number; first: number; items: number; sum: number } {
  return {
    bytes: input.bytes.byteLength,
    first: input.bytes[0] ?? -1,
    items: items.length,
    sum: items.reduce((a, b) => a + b, 0),
  };
}

/** `count` texts of `size` characters each, answered as an array (so in slices). */
export function texts(input: { count: number; size: number }): string[] {
  return Array.from({ length: input.count }, (_, i) => `${i}:`.padEnd(input.size, 'x'));
}
