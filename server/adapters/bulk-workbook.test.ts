import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { BULK_MAX_ROWS, BULK_UPLOAD_MSG, BULK_ZIP_MAX_ENTRIES } from '../../schemas/bulk-upload';
import { bombBytes, withClaimedSizes, zipOf } from '../../tests/server/zip-fixture';
import { checkArchive, readSheet, resultWorkbook, sniffFile } from './bulk-workbook';

const xlsx = (rows: unknown[][], bookType: XLSX.BookType = 'xlsx') => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'S');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
};

describe('bulk files', () => {
  it('takes xlsx, xls and csv only when the name and the content agree', () => {
    expect(sniffFile('a.XLSX', xlsx([['A']]))).toEqual({ kind: 'xlsx' });
    expect(sniffFile('a.xls', xlsx([['A']], 'biff8'))).toEqual({ kind: 'xls' });
    expect(sniffFile('a.csv', Buffer.from('A,B\n1,2\n'))).toEqual({ kind: 'csv' });
    expect(sniffFile('a.xls', xlsx([['A']]))).toEqual({ error: BULK_UPLOAD_MSG.fileContent });
    expect(sniffFile('a.csv', Buffer.from([0x41, 0, 0x42]))).toEqual({ error: BULK_UPLOAD_MSG.fileContent });
    expect(sniffFile('a.csv', Buffer.from([0xff, 0xfe, 0x41]))).toEqual({ error: BULK_UPLOAD_MSG.fileContent });
    expect(sniffFile('a.pdf', xlsx([['A']]))).toEqual({ error: BULK_UPLOAD_MSG.fileType });
    expect(sniffFile('xlsx', xlsx([['A']]))).toEqual({ error: BULK_UPLOAD_MSG.fileType });
  });

  it('reads the first sheet as trimmed text, skipping empty rows, and refuses empty or oversized sheets', () => {
    expect(
      readSheet(
        xlsx([
          [' Event Name ', 'Mode'],
          ['', ''],
          [' trip.created ', 'SMS'],
          [42, null],
        ]),
        30,
      ),
    ).toEqual({
      header: ['Event Name', 'Mode'],
      rows: [
        ['trip.created', 'SMS'],
        ['42', ''],
      ],
    });
    expect(readSheet(xlsx([['Event Name', 'Mode']]), 30)).toEqual({ error: BULK_UPLOAD_MSG.noRows });
    expect(readSheet(Buffer.from(`Event Name\n${'x\n'.repeat(BULK_MAX_ROWS + 1)}`), 30)).toEqual({
      error: BULK_UPLOAD_MSG.tooManyRows,
    });
  });

  it('refuses a zip that unpacks to more than 50 MB or holds too many parts, before unpacking it', () => {
    const real = xlsx([
      ['Event Name', 'Mode'],
      ['trip.created', 'SMS'],
    ]);
    expect(checkArchive(real)).toBeNull();
    expect(checkArchive(Buffer.from('Event Name\n'))).toBeNull();
    // The central directory claims a huge size (a real xlsx, patched).
    expect(checkArchive(withClaimedSizes(real, 0x7fff_ffff))).toBe(BULK_UPLOAD_MSG.unpackedTooLarge);
    expect(sniffFile('a.xlsx', withClaimedSizes(real, 0x7fff_ffff))).toEqual({
      error: BULK_UPLOAD_MSG.unpackedTooLarge,
    });
    // A bomb that says what it is, and one whose headers lie (it is inflated with a cap, as the reader would unpack it).
    const bomb = bombBytes();
    expect(checkArchive(zipOf([{ name: 'xl/worksheets/sheet1.xml', data: bomb, deflate: true }]))).toBe(
      BULK_UPLOAD_MSG.unpackedTooLarge,
    );
    const liar = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: bomb, deflate: true, claimed: 1000 }]);
    expect(liar.length).toBeLessThan(200_000);
    expect(checkArchive(liar)).toBe(BULK_UPLOAD_MSG.unpackedTooLarge);
    expect(readSheet(liar, 30)).toEqual({ error: BULK_UPLOAD_MSG.unpackedTooLarge });
    // Many parts, each small, adding up (or just too many).
    const part = bomb.subarray(0, 1024 * 1024);
    expect(
      checkArchive(zipOf(Array.from({ length: 51 }, (_, i) => ({ name: `p${i}`, data: part, deflate: true })))),
    ).toBe(BULK_UPLOAD_MSG.unpackedTooLarge);
    expect(
      checkArchive(
        zipOf(Array.from({ length: BULK_ZIP_MAX_ENTRIES + 1 }, (_, i) => ({ name: `p${i}`, data: Buffer.from('x') }))),
      ),
    ).toBe(BULK_UPLOAD_MSG.tooManyParts);
    // ZIP64 markers and broken directories are refused, not guessed at.
    expect(checkArchive(zipOf([{ name: 'a', data: Buffer.from('x'), claimed: 0xffff_ffff }]))).toBe(
      BULK_UPLOAD_MSG.fileContent,
    );
    expect(checkArchive(zipOf([{ name: 'a', data: Buffer.from('x'), zip64Extra: true }]))).toBe(
      BULK_UPLOAD_MSG.fileContent,
    );
    expect(checkArchive(real.subarray(0, real.length - 30))).toBe(BULK_UPLOAD_MSG.fileContent);
  });

  it('refuses a sheet wider than the columns it may have, and reads only the cells of a wide declared range', () => {
    const wide = Array.from({ length: 31 }, (_, i) => `C${i}`);
    expect(readSheet(xlsx([wide, wide]), 30)).toEqual({ error: BULK_UPLOAD_MSG.tooManyColumns(30) });
    expect(readSheet(xlsx([wide.slice(0, 30), wide.slice(0, 30)]), 30)).toMatchObject({ header: wide.slice(0, 30) });
    // A dimension declared over every column with two cells in it (patched in the stored, uncompressed sheet xml).
    const sheet = XLSX.utils.aoa_to_sheet([
      ['A', 'B'],
      ['1', '2'],
    ]);
    sheet['!ref'] = 'A1:B99999';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'S');
    const declared = (XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
      .toString('latin1')
      .replace('ref="A1:B99999"', 'ref="A1:XFD999"');
    expect(declared).toContain('A1:XFD999"');
    expect(readSheet(Buffer.from(declared, 'latin1'), 30)).toEqual({ header: ['A', 'B'], rows: [['1', '2']] });
  });

  it("writes the result file: the rows as uploaded, padded to the header, and each row's result", () => {
    const book = resultWorkbook(
      { header: ['A', 'B'], rows: [['1'], ['2', '3']] },
      new Map([[1, { rowNo: 1, ok: true, result: 'Success', recordId: '7' }]]),
    );
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(book).Sheets.Result!, { header: 1, defval: '' });
    expect(rows).toEqual([
      ['A', 'B', 'Result'],
      ['1', '', 'Success'],
      ['2', '3', 'Not processed yet'],
    ]);
  });
});
