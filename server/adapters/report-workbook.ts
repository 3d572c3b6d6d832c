import { crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { DEFAULT_TIME_ZONE, timeText } from '../../schemas/time-format';

/**
 * The xlsx files of report runs (issue 14), written with SheetJS: the file format, whatever the report (its columns
 * and rows are server/rules/report-sheets.ts). The first sheet is the report itself: one header row, then one row per
 * trip or alert, columns sized to their text, with an auto-filter; a second sheet 'About' says which report, for whom,
 * over which period and when it was made. Times are India time (the schedules' labels are), written as the console
 * writes them (schemas/time-format.ts), as text 'DD/MM/YYYY HH:mm' under headers that name the zone.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** 'DD/MM/YYYY HH:mm' in India time (the sheets' headers name the zone: 'Started (IST)'), or '' for no time. */
export function istText(ms: number | null): string {
  return ms === null || !Number.isFinite(ms) ? '' : timeText(ms, DEFAULT_TIME_ZONE, { zone: false });
}

/**
 * A zip whose entries are stored (SheetJS's `compression: false` output) with each entry deflated by zlib: SheetJS's
 * own deflate is slower and packs a report's XML several times worse. Reads the central directory, writes local
 * headers, data, the new central directory and its end record (no zip64: a report stays far below 4 GB).
 */
export function deflateZip(stored: Buffer): Buffer {
  const end = stored.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip');
  const count = stored.readUInt16LE(end + 10);
  let at = stored.readUInt32LE(end + 16);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const method = stored.readUInt16LE(at + 10);
    const size = stored.readUInt32LE(at + 24);
    const nameLength = stored.readUInt16LE(at + 28);
    const skip = nameLength + stored.readUInt16LE(at + 30) + stored.readUInt16LE(at + 32);
    const name = stored.subarray(at + 46, at + 46 + nameLength);
    const local = stored.readUInt32LE(at + 42);
    const dataAt = local + 30 + stored.readUInt16LE(local + 26) + stored.readUInt16LE(local + 28);
    const raw = stored.subarray(dataAt, dataAt + stored.readUInt32LE(at + 20));
    const data = method === 0 ? deflateRawSync(raw, { level: 6 }) : raw;
    const crc = method === 0 ? crc32(raw) : stored.readUInt32LE(at + 16);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(stored.readUInt32LE(at + 12), 10); // time and date
    header.writeUInt32LE(crc >>> 0, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(nameLength, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(stored.readUInt32LE(at + 12), 12);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameLength, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(header, name, data);
    centrals.push(central, name);
    offset += 30 + nameLength + data.length;
    at += 46 + skip;
  }
  const directory = Buffer.concat(centrals);
  const tail = Buffer.alloc(22);
  tail.writeUInt32LE(0x06054b50, 0);
  tail.writeUInt16LE(count, 8);
  tail.writeUInt16LE(count, 10);
  tail.writeUInt32LE(directory.length, 12);
  tail.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, tail]);
}

/** A cell of a report's sheet: a text or a number. */
export type Cell = string | number;

/** A workbook's xlsx bytes as SheetJS writes them: a zip whose entries are stored (deflated by {@link deflateZip}). */
export function xlsxBytes(workbook: XLSX.WorkBook): Buffer {
  const bytes: unknown = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: false });
  if (!Buffer.isBuffer(bytes)) throw new Error('SheetJS wrote no buffer');
  return bytes;
}

/** What the 'About' sheet says of a run. */
export interface ReportAbout {
  title: string;
  company: string;
  /** The report's branch in words ('Jamshedpur (3101)'), or null for all branches. */
  branch: string | null;
  /** Each of the company's branches in words by id, for the rows' Branch column. */
  branches: Readonly<Record<string, string>>;
  from: number | null;
  until: number;
  generatedAt: number;
  rows: number;
  /** Extra lines (the exception report's settings and filters). */
  details?: [string, string][];
}

/** A workbook of the report sheet and the 'About' sheet, as xlsx bytes. */
export function reportWorkbook(sheetName: string, columns: string[], rows: Cell[][], about: ReportAbout): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([columns, ...rows], { dense: true });
  // Widths from the header and the first rows (enough to size a column; measuring 50,000 rows is wasted time).
  sheet['!cols'] = columns.map((c, i) => {
    let width = c.length;
    for (let r = 0; r < Math.min(rows.length, 200); r++) width = Math.max(width, String(rows[r][i] ?? '').length);
    return { wch: Math.min(48, width + 2) };
  });
  sheet['!autofilter'] = {
    ref: XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length, c: columns.length - 1 } }),
  };
  const info = XLSX.utils.aoa_to_sheet([
    ['Report', about.title],
    ['Company', about.company],
    ['Branch', about.branch ?? 'All branches'],
    ['From (IST)', istText(about.from)],
    ['Until (IST)', istText(about.until)],
    ['Generated (IST)', istText(about.generatedAt)],
    ['Rows', about.rows],
    ...(about.details ?? []),
  ]);
  info['!cols'] = [{ wch: 24 }, { wch: 60 }];
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, sheetName);
  XLSX.utils.book_append_sheet(workbook, info, 'About');
  return deflateZip(xlsxBytes(workbook));
}
