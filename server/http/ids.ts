import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijkmnpqrstuvwxyz';

/**
 * A short readable id with a prefix naming its kind (`rt_`, `veh_`, `mat_`...). 14 random characters of a
 * 34-letter alphabet give about 71 bits, plenty against collisions and guessing.
 */
export function newId(prefix: string): string {
  const bytes = randomBytes(14);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
}
