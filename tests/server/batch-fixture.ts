import * as XLSX from '@e965/xlsx';

/** Configuration rows of the bulk upload (server tests of batches). */
export const COLUMNS = [
  'Event Name',
  'Mode',
  'Company Id',
  'Branch Id',
  'User Id',
  'Mobile Numbers',
  'Email To',
  'Subject',
  'Body',
];

/** An xlsx of configuration rows under the header. */
export function configurationsFile(rows: string[][], columns = COLUMNS): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([columns, ...rows]), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** An SMS row for user `n` of company 1001 (one configuration each). */
export const smsRow = (n: number) => [
  'trip.created',
  'SMS',
  '1001',
  '',
  String(n),
  '9876543210',
  '',
  '',
  `Trip started ${n}`,
];

/** A multipart/form-data body of files and fields. */
export function multipart(
  files: { name?: string; filename: string; bytes: Buffer }[],
  fields: Record<string, string> = {},
) {
  const boundary = `----lego${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name ?? 'files'}"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(f.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
