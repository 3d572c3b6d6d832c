/** Reads a dotted path (e.g. `origin.google.formatted_address`) from a row or an answer; `undefined` where it breaks off. */
export function pick(row: unknown, field: string): unknown {
  return field.split('.').reduce<unknown>((value, key) => (value == null ? undefined : (value as Record<string, unknown>)[key]), row);
}
