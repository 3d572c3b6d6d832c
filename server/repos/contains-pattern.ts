/** The user's text with LIKE's wildcards escaped, so that % and _ match literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/** LIKE pattern for a case-insensitive substring search; the user's % and _ match literally. */
export const containsPattern = (text: string) => `%${literal(text)}%`;

/** LIKE pattern for a text that begins with `text`; the user's % and _ match literally. */
export const prefixPattern = (text: string) => `${literal(text)}%`;

/**
 * A list's search of `text` (the parameter `param` holding its {@link containsPattern}) over its kept search text:
 * its searched columns lower-cased and joined by line breaks (migrations 092, 215, 225), read through its trigram
 * index. A text without a line break cannot match across two columns' boundary, so the `like` is the whole test (and
 * the planner weighs one condition, not a conjunction it underestimates); a text with one is also checked column by
 * column (`columns`), as before.
 */
export function searchCondition(param: string, text: string, columns: readonly string[]): string {
  const kept = `search_text like lower(${param})`;
  if (!text.includes('\n')) return kept;
  return `(${kept} and (${columns.map((column) => `${column} ilike ${param}`).join(' or ')}))`;
}
