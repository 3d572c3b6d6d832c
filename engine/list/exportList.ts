import { downloadText, downloadWorkbook } from '../sheet/workbook';
import { toCsv } from '../sheet/csvExport';
import type { Row } from '../types';
import { cellValue, formatCell } from './columns';
import type { ColumnConfig } from './types';

/** The formats a list downloads in. */
export type ExportFormat = 'xlsx' | 'csv';

/** Most rows a list downloads (a server-paged list's pages are read one after the other). */
export const MAX_EXPORT_ROWS = 10_000;

/** The list as a table of texts: the column titles it shows, then each row's cells as shown (dates, currency, Yes/No). */
export function exportTable(columns: readonly ColumnConfig[], rows: readonly Row[]): string[][] {
  return [
    columns.map((column) => column.title),
    ...rows.map((row) => columns.map((column) => formatCell(column.kind, cellValue(column, row)))),
  ];
}

/** A file name from a list's title: 'Known Places' → `known-places.xlsx`. */
export const exportFileName = (title: string, format: ExportFormat) =>
  `${
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'list'
  }.${format}`;

/** Downloads the rows as the list shows them, as an Excel workbook or a CSV file. */
export async function exportList(
  title: string,
  columns: readonly ColumnConfig[],
  rows: readonly Row[],
  format: ExportFormat,
): Promise<void> {
  const [header, ...body] = exportTable(columns, rows);
  const fileName = exportFileName(title, format);
  if (format === 'csv') downloadText(fileName, toCsv(header, body));
  else await downloadWorkbook(fileName, [{ name: title.slice(0, 31) || 'List', rows: [header, ...body] }]);
}
