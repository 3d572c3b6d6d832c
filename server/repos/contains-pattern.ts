/** LIKE pattern for a case-insensitive substring search; the user's % and _ match literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
