/** Characters that make a spreadsheet program read a cell as a formula (OWASP: CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as written to a CSV file: one starting with =, +, -, @, a tab or a carriage return gets a leading single
 * quote, so Excel or LibreOffice shows it as text instead of running it; cells with a comma, quote or line break are
 * quoted, quotes doubled (RFC 4180).
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV text of a header row and rows, CRLF line ends as RFC 4180 has them. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
