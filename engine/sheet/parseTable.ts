import type * as XLSXModule from '@e965/xlsx';
import { isRecord } from '../data/pick';
import { FILE_DEFAULTS, type SheetFileType } from '../sheetConfig';
import { tooLarge, wrongType } from './sheetText';

/** SheetJS as the parser uses it (passed in, so the worker and the tests load it their own way). */
export type Xlsx = Pick<typeof XLSXModule, 'read' | 'utils'>;

/** What the parser is allowed: file types, bytes, and rows kept (the sheet's cap plus a header row). */
export interface ParseLimits {
  types: readonly SheetFileType[];
  maxMb: number;
  maxRows: number;
}

/** A parse's outcome: the first worksheet's rows (and whether rows past the cap were left out), or why not. */
export type ParseOutcome = { ok: true; rows: string[][]; truncated: boolean } | { ok: false; message: string };

/** Columns read at most: the widest sheet has 37, a file may hold a few the sheet ignores (named in a warning). */
const MAX_COLUMNS = 200;

const SHEET_FILE_TYPES: readonly SheetFileType[] = ['xlsx', 'xls', 'csv'];
const isSheetFileType = (type: string): type is SheetFileType => SHEET_FILE_TYPES.some((known) => known === type);

/** The file's type from its name, if it is one a sheet can take. */
export function fileType(name: string): SheetFileType | null {
  const type = /\.(xlsx|xls|csv)$/i.exec(name)?.[1].toLowerCase();
  return type !== undefined && isSheetFileType(type) ? type : null;
}

/** A refusal before reading: the file's type and size (cheap, on the page, before a worker starts). */
export function checkFile(name: string, size: number, limits: Pick<ParseLimits, 'types' | 'maxMb'>): string | null {
  const type = fileType(name);
  if (!type || !limits.types.includes(type)) return wrongType(limits.types);
  if (size > limits.maxMb * 1024 * 1024) return tooLarge(limits.maxMb);
  return null;
}

/** A zip (xlsx) starts with PK; an old binary workbook (xls) with the OLE signature, or is HTML/XML Excel wrote. */
function looksLikeWorkbook(bytes: Uint8Array, type: SheetFileType): boolean {
  if (type === 'xlsx') return bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (type === 'xls') {
    const ole = [0xd0, 0xcf, 0x11, 0xe0].every((b, i) => bytes[i] === b);
    return ole || new TextDecoder().decode(bytes.subarray(0, 64)).trimStart().startsWith('<');
  }
  return true;
}

/**
 * The first worksheet of an xlsx, xls or csv file as rows of cell texts, keeping at most `maxRows + 1` rows that
 * hold something (the cap, plus a header) and {@link MAX_COLUMNS} columns, so a file claiming a million rows costs
 * no more than the sheet can show. CSV text is kept as typed (no date or number guessing); in a workbook a number
 * in the General format keeps all its digits, other cells read as Excel shows them.
 */
export function parseTable(XLSX: Xlsx, bytes: Uint8Array, name: string, limits: ParseLimits): ParseOutcome {
  const refusal = checkFile(name, bytes.byteLength, limits);
  if (refusal) return { ok: false, message: refusal };
  const type = fileType(name)!;
  const unreadable = {
    ok: false as const,
    message: `${name} could not be read as a spreadsheet (${limits.types.join(', ')})`,
  };
  if (!looksLikeWorkbook(bytes, type)) return unreadable;
  let book: XLSXModule.WorkBook;
  try {
    book =
      type === 'csv'
        ? XLSX.read(new TextDecoder().decode(bytes), { type: 'string', raw: true, dense: false })
        : XLSX.read(bytes, { type: 'array' });
  } catch {
    return unreadable;
  }
  const first = book.SheetNames[0];
  const sheet = first === undefined ? undefined : book.Sheets[first];
  if (!sheet?.['!ref']) return { ok: true, rows: [], truncated: false };
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const lastColumn = Math.min(range.e.c, range.s.c + MAX_COLUMNS - 1);
  const rows: string[][] = [];
  let truncated = false;
  for (let r = range.s.r; r <= range.e.r; r++) {
    const row: string[] = [];
    for (let c = range.s.c; c <= lastColumn; c++) {
      // A cell as SheetJS keeps it: its value `v`, type `t`, number format `z` and formatted text `w`.
      const cell: unknown = sheet[XLSX.utils.encode_cell({ r, c })];
      if (!isRecord(cell) || cell.v === undefined || cell.v === null) row.push('');
      else if (cell.t === 'n' && (!cell.z || cell.z === 'General')) row.push(String(cell.v));
      else row.push(typeof cell.w === 'string' ? cell.w : String(cell.v));
    }
    if (!row.some((cell) => cell.trim() !== '')) continue;
    if (rows.length > limits.maxRows) {
      truncated = true;
      break;
    }
    rows.push(row);
  }
  return { ok: true, rows, truncated };
}

/** The parser's limits for a sheet: its declared file limits (or the defaults) and its row cap. */
export function parseLimits(
  files: { types?: readonly SheetFileType[]; maxMb?: number } | undefined,
  maxRows: number,
): ParseLimits {
  return { types: files?.types ?? FILE_DEFAULTS.types, maxMb: files?.maxMb ?? FILE_DEFAULTS.maxMb, maxRows };
}
