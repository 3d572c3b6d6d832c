/** The user's text with LIKE's wildcards escaped, so that % and _ match literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/** LIKE pattern for a case-insensitive substring search; the user's % and _ match literally. */
export const containsPattern = (text: string) => `%${literal(text)}%`;

/** LIKE pattern for a text that begins with `text`; the user's % and _ match literally. */
export const prefixPattern = (text: string) => `${literal(text)}%`;
