import { inflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import {
  BULK_FILE_EXTENSIONS,
  BULK_MAX_ROWS,
  BULK_UNPACKED_MAX_BYTES,
  BULK_UPLOAD_MSG,
  BULK_ZIP_MAX_ENTRIES,
} from '../../schemas/bulk-upload';
import type { RowResult } from '../repos/batch-repository';
import { deflateZip, xlsxBytes } from './report-workbook';
import { errorCode } from '../errors';

/** The kinds of file a batch takes. */
export type BulkFileKind = 'xlsx' | 'xls' | 'csv';

/** The kind of each file extension a batch takes. */
const KIND_OF: Record<(typeof BULK_FILE_EXTENSIONS)[number], BulkFileKind> = {
  '.xlsx': 'xlsx',
  '.xls': 'xls',
  '.csv': 'csv',
};

/** Longest cell text read from a file; longer text is cut (every field's own limit is far below). */
const CELL_MAX = 20_000;

/**
 * The kind of an uploaded file, checked by extension AND content: xlsx is a zip (PK\3\4), xls an OLE compound
 * document (D0 CF 11 E0), csv text without NUL bytes that is valid UTF-8. Answers the message otherwise.
 */
export function sniffFile(filename: string, bytes: Buffer): { kind: BulkFileKind } | { error: string } {
  const ext = BULK_FILE_EXTENSIONS.find((e) => filename.toLowerCase().endsWith(e));
  if (!ext) return { error: BULK_UPLOAD_MSG.fileType };
  const kind = KIND_OF[ext];
  const starts = (...magic: number[]) => magic.every((b, i) => bytes[i] === b);
  const fits =
    kind === 'xlsx'
      ? starts(0x50, 0x4b, 0x03, 0x04)
      : kind === 'xls'
        ? starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)
        : bytes.length > 0 && !bytes.includes(0) && isUtf8(bytes);
  if (!fits) return { error: BULK_UPLOAD_MSG.fileContent };
  const refused = checkArchive(bytes);
  return refused ? { error: refused } : { kind };
}

/** Whether the spreadsheet reader takes `bytes` for a zip (it does whatever the file's name says). */
const looksLikeZip = (bytes: Buffer) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2]! < 9 && bytes[3]! < 9;

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Whether the extra field at `start` (`length` bytes) holds a ZIP64 record (id 1), which the reader honours. */
function hasZip64(bytes: Buffer, start: number, length: number): boolean {
  const end = Math.min(start + length, bytes.length);
  for (let p = start; p + 4 <= end; p += 4 + bytes.readUInt16LE(p + 2)) if (bytes.readUInt16LE(p) === 1) return true;
  return false;
}

/**
 * What one entry unpacks to, in bytes, read at its local header as the reader reads it (the deflate stream from the
 * data start to its end, whatever the headers claim), inflating at most `budget` bytes; or why the file is refused.
 */
function unpackedSize(bytes: Buffer, offset: number, budget: number): number | string {
  if (offset + 30 > bytes.length || bytes.readUInt32LE(offset) !== LOCAL) return BULK_UPLOAD_MSG.fileContent;
  const flags = bytes.readUInt16LE(offset + 6);
  const method = bytes.readUInt16LE(offset + 8);
  const compressed = bytes.readUInt32LE(offset + 18);
  const nameLength = bytes.readUInt16LE(offset + 26);
  const extraLength = bytes.readUInt16LE(offset + 28);
  const start = offset + 30 + nameLength + extraLength;
  if (
    start > bytes.length ||
    flags & 0x2041 ||
    compressed === 0xffffffff ||
    bytes.readUInt32LE(offset + 22) === 0xffffffff
  )
    return BULK_UPLOAD_MSG.fileContent;
  if (hasZip64(bytes, offset + 30 + nameLength, extraLength)) return BULK_UPLOAD_MSG.fileContent;
  if (method === 0) return Math.min(compressed, bytes.length - start);
  if (method !== 8) return BULK_UPLOAD_MSG.fileContent;
  try {
    return inflateRawSync(bytes.subarray(start), { maxOutputLength: Math.max(1, budget) }).length;
  } catch (err) {
    return errorCode(err) === 'ERR_BUFFER_TOO_LARGE' ? BULK_UPLOAD_MSG.unpackedTooLarge : BULK_UPLOAD_MSG.fileContent;
  }
}

/**
 * Refuses a zip (an xlsx) that would unpack to more than {@link BULK_UNPACKED_MAX_BYTES} or holds more than
 * {@link BULK_ZIP_MAX_ENTRIES} entries, before the spreadsheet reader unpacks it: reads the End Of Central Directory
 * record and each central directory entry (the sizes they claim), and inflates each entry with that budget as a cap
 * (what the reader would unpack, even when the headers lie). ZIP64 files are refused (no spreadsheet this small needs
 * them). Answers null for a zip within the limits and for anything that is not a zip.
 */
export function checkArchive(bytes: Buffer): string | null {
  if (!looksLikeZip(bytes)) return null;
  // The reader takes the last EOCD signature in the file: so does this check.
  let eocd = bytes.length - 4;
  while (eocd >= 0 && bytes.readUInt32LE(eocd) !== EOCD) eocd--;
  if (eocd < 0 || eocd + 22 > bytes.length) return BULK_UPLOAD_MSG.fileContent;
  if (eocd >= 20 && bytes.readUInt32LE(eocd - 20) === ZIP64_LOCATOR) return BULK_UPLOAD_MSG.fileContent;
  const entries = bytes.readUInt16LE(eocd + 8);
  const directory = bytes.readUInt32LE(eocd + 16);
  if (
    entries === 0xffff ||
    bytes.readUInt16LE(eocd + 10) === 0xffff ||
    directory === 0xffffffff ||
    bytes.readUInt32LE(eocd + 12) === 0xffffffff
  ) {
    return BULK_UPLOAD_MSG.fileContent;
  }
  if (entries > BULK_ZIP_MAX_ENTRIES) return BULK_UPLOAD_MSG.tooManyParts;
  let budget = BULK_UNPACKED_MAX_BYTES;
  for (let i = 0, p = directory; i < entries; i++) {
    if (p + 46 > bytes.length || bytes.readUInt32LE(p) !== CENTRAL) return BULK_UPLOAD_MSG.fileContent;
    const compressed = bytes.readUInt32LE(p + 20);
    const claimed = bytes.readUInt32LE(p + 24);
    const nameLength = bytes.readUInt16LE(p + 28);
    const extraLength = bytes.readUInt16LE(p + 30);
    const commentLength = bytes.readUInt16LE(p + 32);
    const offset = bytes.readUInt32LE(p + 42);
    if (
      compressed === 0xffffffff ||
      claimed === 0xffffffff ||
      offset === 0xffffffff ||
      hasZip64(bytes, p + 46 + nameLength, extraLength)
    ) {
      return BULK_UPLOAD_MSG.fileContent;
    }
    if (claimed > budget) return BULK_UPLOAD_MSG.unpackedTooLarge;
    const actual = unpackedSize(bytes, offset, budget);
    if (typeof actual === 'string') return actual;
    if (actual > budget) return BULK_UPLOAD_MSG.unpackedTooLarge;
    budget -= Math.max(actual, claimed);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return null;
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A file's first sheet: its header and data rows (cells as trimmed text, empty rows dropped). */
export interface SheetRows {
  header: string[];
  rows: string[][];
}

const cellText = (value: unknown): string =>
  value === undefined || value === null ? '' : String(value).slice(0, CELL_MAX).trim();

/**
 * Narrows a (dense) sheet's range to the cells it holds, or answers false when it is wider than `maxColumns`: the range
 * a file declares (an xlsx's dimension) can span 16,384 columns whatever its cells, and reading it walks every one.
 */
function boundRange(sheet: XLSX.WorkSheet, maxColumns: number): boolean {
  // A dense sheet's rows: a row without cells may be a hole.
  const data: readonly (readonly unknown[] | undefined)[] = sheet['!data'] ?? [];
  const width = data.reduce<number>((most, row) => Math.max(most, row?.length ?? 0), 0);
  if (!sheet['!ref'] || width === 0) return true;
  const range = XLSX.utils.decode_range(sheet['!ref']);
  range.e.r = Math.min(range.e.r, data.length - 1);
  range.e.c = Math.min(range.e.c, width - 1);
  if (range.e.c - range.s.c + 1 > maxColumns) return false;
  sheet['!ref'] = XLSX.utils.encode_range(range);
  return true;
}

/**
 * Reads the first sheet of a file, or answers why not (a zip too large unpacked, unreadable, wider than `maxColumns`,
 * no rows, too many rows). Bounded whatever the file: the zip is checked before it is unpacked, only the first sheet
 * and its first rows are parsed, and the range read is that of its cells.
 */
export function readSheet(bytes: Buffer, maxColumns: number): SheetRows | { error: string } {
  const refused = checkArchive(bytes);
  if (refused) return { error: refused };
  let table: unknown[][];
  try {
    const book = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      cellDates: false,
      raw: false,
      sheetRows: BULK_MAX_ROWS + 2,
      sheets: 0,
    });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    if (!sheet) return { error: BULK_UPLOAD_MSG.noRows };
    if (!boundRange(sheet, maxColumns)) return { error: BULK_UPLOAD_MSG.tooManyColumns(maxColumns) };
    table = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: '', raw: false, blankrows: false });
  } catch {
    return { error: BULK_UPLOAD_MSG.unreadable };
  }
  const [head = [], ...body] = table;
  const rows = body.map((row) => row.map(cellText)).filter((row) => row.some((cell) => cell !== ''));
  if (rows.length === 0) return { error: BULK_UPLOAD_MSG.noRows };
  if (rows.length > BULK_MAX_ROWS) return { error: BULK_UPLOAD_MSG.tooManyRows };
  return { header: head.map(cellText), rows };
}

/**
 * An xlsx of `columns` and `rows` (a sample file, a result file), packed by zlib (SheetJS's own deflate packs a
 * 41 MB-unpacked result file into 11 MB, zlib into 1.5 MB, and faster).
 */
export function writeWorkbook(sheetName: string, columns: string[], rows: string[][]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([columns, ...rows]);
  sheet['!cols'] = columns.map((c) => ({ wch: Math.min(40, Math.max(12, c.length + 2)) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return deflateZip(xlsxBytes(book));
}

/** Columns whose values a result file leaves empty (secrets of the configuration upload; header names, any case). */
const SECRET_COLUMNS = new Set(['password', 'auth key']);

/** The result file of a batch: the input rows (secret columns emptied) with a Result column ('Success' or the row's errors). */
export function resultWorkbook(sheet: SheetRows, results: Map<number, RowResult>): Buffer {
  const width = sheet.header.length;
  const secret = sheet.header.map((name) => SECRET_COLUMNS.has(name.trim().toLowerCase()));
  const rows = sheet.rows.map((row, i) => {
    const r = results.get(i + 1);
    const padded = [...row, ...Array<string>(Math.max(0, width - row.length)).fill('')]
      .slice(0, width)
      .map((cell, col) => (secret[col] ? '' : cell));
    return [...padded, r ? r.result : 'Not processed yet'];
  });
  return writeWorkbook('Result', [...sheet.header, 'Result'], rows);
}
