/**
 * Reading and writing spreadsheet files with SheetJS (`xlsx`), loaded only when a file is imported or a format is
 * downloaded, so the sheet page itself stays small.
 */

/** The first worksheet of an xlsx, xls or csv file as rows of cells. CSV text is kept as typed (no date or number guessing). */
export async function readTable(file: File): Promise<unknown[][]> {
  const XLSX = await import('xlsx');
  const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv';
  const book = csv ? XLSX.read(await file.text(), { type: 'string', raw: true }) : XLSX.read(await file.arrayBuffer(), { type: 'array' });
  const first = book.SheetNames[0];
  const sheet = first === undefined ? undefined : book.Sheets[first];
  return sheet ? XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false }) : [];
}

/** Saves a one-sheet workbook (header row, then `rows`) as `fileName` through the browser's download. */
export async function downloadWorkbook(fileName: string, header: readonly string[], rows: readonly (readonly string[])[]): Promise<void> {
  const XLSX = await import('xlsx');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[...header], ...rows.map((row) => [...row])]), 'Format');
  XLSX.writeFile(book, fileName);
}
