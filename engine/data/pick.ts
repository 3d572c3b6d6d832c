/** Reads a dotted path (e.g. `origin.google.formatted_address`) from a row or an answer; `undefined` where it breaks off. */
export function pick(row: unknown, field: string): unknown {
  return field.split('.').reduce<unknown>((value, key) => (value == null ? undefined : (value as Record<string, unknown>)[key]), row);
}

/** The text or number at a dotted path of an answer, as text (e.g. the `id` of a look-up); `undefined` when there is none. */
export function textAt(data: unknown, field: string): string | undefined {
  const value = pick(data, field);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}
