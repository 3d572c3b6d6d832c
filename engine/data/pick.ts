/** Whether a value is an object whose fields can be read by name (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a dotted path (e.g. `origin.google.formatted_address`) from a row or an answer; `undefined` where it breaks off. */
export function pick(row: unknown, field: string): unknown {
  // A step into a list is an index (`0.status` of a bulk call's answer).
  return field
    .split('.')
    .reduce<unknown>(
      (value, key) => (Array.isArray(value) ? value[Number(key)] : isRecord(value) ? value[key] : undefined),
      row,
    );
}

/** The text or number at a dotted path of an answer, as text (e.g. the `id` of a look-up); `undefined` when there is none. */
export function textAt(data: unknown, field: string): string | undefined {
  const value = pick(data, field);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** The list at a dotted path of an answer, each entry as text (a record's menu slugs or user ids); empty when none. */
export function textsAt(data: unknown, field: string): string[] {
  const value = pick(data, field);
  return Array.isArray(value) ? value.map(String) : [];
}
