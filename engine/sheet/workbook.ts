/**
 * Reading and writing spreadsheet files with SheetJS, loaded only when a file is imported or a format is
 * downloaded, so the sheet page itself stays small. `@e965/xlsx` is SheetJS 0.20 as published on npm (the `xlsx`
 * package there stopped at 0.18.5, before the fixes for prototype pollution and a regular-expression DoS).
 */

/** Why a file could not be read. */
export class UnreadableFile extends Error {}

/** A zip (xlsx) starts with PK; an old binary workbook (xls) with the OLE signature. */
function looksLikeWorkbook(bytes: Uint8Array, name: string): boolean {
  if (/\.xlsx$/i.test(name)) return bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (/\.xls$/i.test(name)) {
    const ole = [0xd0, 0xcf, 0x11, 0xe0].every((b, i) => bytes[i] === b);
    // Excel also saves "xls" files as HTML or XML spreadsheets.
    const markup = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart().startsWith('<');
    return ole || markup;
  }
  return true;
}

/**
 * The first worksheet of an xlsx, xls or csv file as rows of cell texts. CSV text is kept as typed (no date or
 * number guessing). In a workbook, a number in the General format keeps all its digits (Excel would show a long
 * id as 1.23457E+14); other cells read as Excel shows them (times as 22:00, dates as formatted).
 */
export async function readTable(file: File): Promise<string[][]> {
  const XLSX = await import('@e965/xlsx');
  const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv';
  let book: import('@e965/xlsx').WorkBook;
  if (csv) {
    book = XLSX.read(await file.text(), { type: 'string', raw: true });
  } else {
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!looksLikeWorkbook(bytes, file.name)) throw new UnreadableFile(file.name);
    book = XLSX.read(bytes, { type: 'array' });
  }
  const first = book.SheetNames[0];
  const sheet = first === undefined ? undefined : book.Sheets[first];
  if (!sheet?.['!ref']) return [];
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const rows: string[][] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const row: string[] = [];
    for (let c = range.s.c; c <= range.e.c; c++) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })] as import('@e965/xlsx').CellObject | undefined;
      if (!cell || cell.v === undefined || cell.v === null) row.push('');
      else if (cell.t === 'n' && (!cell.z || cell.z === 'General')) row.push(String(cell.v));
      else row.push(cell.w ?? String(cell.v));
    }
    rows.push(row);
  }
  return rows;
}

/** Saves a workbook of sheets (name, header row, rows) as `fileName` through the browser's download. */
export async function downloadWorkbook(fileName: string, sheets: readonly { name: string; rows: readonly (readonly string[])[] }[]): Promise<void> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.utils.book_new();
  for (const { name, rows } of sheets) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows.map((row) => [...row])), name);
  XLSX.writeFile(book, fileName);
}
