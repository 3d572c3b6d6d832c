import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVICE_BASES } from '../../schemas/api/services';
import { fullPath } from '../../schemas/api/contract';
import {
  EXPORT_MAX_COLUMNS,
  EXPORT_MAX_ROWS,
  EXPORT_MEDIA_TYPES,
  EXPORT_MSG,
  EXPORTABLE_LISTS,
  EXPORTS_PER_DESK,
  type ExportableList,
} from '../../schemas/api/exports';
import { CELL_TEXTS, isCellText, type CellTextName } from '../../schemas/cell-texts';
import { formatCell, isColumnKind, type ColumnKind } from '../../schemas/column-kinds';
import { isRecord } from '../../schemas/guards';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../schemas/time-format';
import { ApiError } from '../http/envelope';
import { route } from '../http/route';
import type { AppContext } from '../context';

/** Characters of CSV written at once. */
const CSV_CHUNK = 64 * 1024;
/** Seconds a desk at its exports' share is told to wait. */
const BUSY_RETRY_SECONDS = 5;

/** A column of an export: its title, where its value is, how it is written. */
interface ExportColumn {
  title: string;
  field: string;
  kind?: ColumnKind;
  text?: CellTextName;
}

/** `attachment; filename=...` with the name reduced to safe characters. */
const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]+/g, '_')}"`;

/** The columns an export request names (JSON), or null when they are not 1 to 40 of {title, field, kind?, text?}. */
function columnsOf(text: unknown): ExportColumn[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(text));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > EXPORT_MAX_COLUMNS) return null;
  const columns: ExportColumn[] = [];
  for (const column of parsed) {
    if (!isRecord(column)) return null;
    const { title, field, kind, text: named } = column;
    if (typeof title !== 'string' || title.length > 100 || typeof field !== 'string' || field.length > 200) return null;
    if (kind !== undefined && !isColumnKind(kind)) return null;
    if (named !== undefined && !isCellText(named)) return null;
    columns.push({ title, field, kind, text: named });
  }
  return columns;
}

/** Without columns asked for: every field of the list's rows, under its own name (an object's as JSON). */
const everyField = (row: unknown): ExportColumn[] =>
  Object.entries(isRecord(row) ? row : {}).map(([field, value]) => ({
    title: field,
    field,
    kind: typeof value === 'object' && value !== null ? 'json' : 'text',
  }));

/** The value at a dotted path (`origin.address`, `extra_context[0].emails`) of a row. */
function valueAt(row: unknown, path: string): unknown {
  let value = row;
  for (const part of path.split(/\.|\[(\d+)\]/).filter(Boolean)) {
    if (Array.isArray(value)) value = value[Number(part)];
    else if (isRecord(value)) value = value[part];
    else return undefined;
  }
  return value;
}

/** A row's cells as the console shows them. */
const cellsOf = (columns: ExportColumn[], row: unknown, tz: string) =>
  columns.map((column) =>
    column.text ? CELL_TEXTS[column.text](row) : formatCell(column.kind, valueAt(row, column.field), tz),
  );

/** A CSV line (RFC 4180: a cell with a comma, quote or line break quoted, its quotes doubled). */
const csvLine = (cells: string[]) =>
  `${cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',')}\r\n`;

/** One page of the list as the list call answers it, read through the call itself (its checks and scope included). */
interface Page {
  rows: unknown[];
  total: number;
  /** The total is an estimate (a search with many hits): the pages are read to the end whatever it says. */
  estimated: boolean;
  /** The cursor of the page after, for a keyset-paged list. */
  next?: string | null;
}

/**
 * Reads a list page by page through its own call, as the requesting desk (`app.inject` with its token): the same
 * validation, scope and reach as the console's, each page a short turn at the database between other desks' work.
 */
function pageReader(app: FastifyInstance, entry: ExportableList, request: FastifyRequest) {
  const { paging } = entry;
  const query = new URLSearchParams();
  // The export's own parameters, and a cursor (its pages are read from the first), are not the list's.
  for (const [name, value] of Object.entries(isRecord(request.query) ? request.query : {}))
    if (!['format', 'columns', 'tz', 'after', 'before'].includes(name) && value !== undefined && value !== null)
      query.set(name, String(value));
  query.set(paging.size, String(paging.maxSize));
  const headers: Record<string, string> = {};
  for (const name of ['authorization', 'token', 'x-forwarded-for'])
    if (typeof request.headers[name] === 'string') headers[name] = request.headers[name];
  const url = fullPath(entry.list, SERVICE_BASES);
  /** Page `page` (from 0), or with a keyset-paged list the page after cursor `after` (no count read again). */
  return async (page: number, after?: string | null): Promise<Page | { status: number; body: string }> => {
    if (after && paging.cursor) {
      query.delete(paging.page);
      query.set(paging.cursor.after, after);
    } else query.set(paging.page, String(page + paging.first));
    // The answer's bytes read from its stream, not from the buffered answer: light-my-request keeps a buffered
    // answer's chunks, their copy and its text beside the injected request, whose objects V8 moves to the old
    // generation at its next minor GC; every page's body then stayed in the heap until a full GC (a CSV of 200,000
    // routes grew the server by some 130 MB, about 70 MB read from the stream).
    const answer = await app.inject({ method: 'GET', url: `${url}?${query}`, headers, payloadAsStream: true });
    const chunks: Buffer[] = [];
    for await (const chunk of answer.stream()) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString();
    if (answer.statusCode !== 200) return { status: answer.statusCode, body: text };
    const body: unknown = JSON.parse(text);
    const holder = paging.from === 'body' ? body : isRecord(body) ? body.data : undefined;
    const rows = valueAt(holder, paging.rows);
    const total = Number(valueAt(holder, paging.total));
    const next = paging.cursor ? valueAt(holder, paging.cursor.next) : undefined;
    return {
      rows: Array.isArray(rows) ? rows : [],
      total: Number.isFinite(total) ? total : 0,
      estimated: isRecord(holder) && holder.estimated === true,
      next: typeof next === 'string' ? next : null,
    };
  };
}

/**
 * Every exportable list's export (schemas/api/exports.ts): the rows the list's query selects, read a page of 100 at a
 * time through the list's own call (a keyset-paged list's pages each after the last one's cursor, from its index, and
 * counted once) and written as they come, a CSV file or an Excel workbook (ExcelJS's streaming
 * writer): the memory an export holds is a page's, whatever its size, and its first bytes leave before its last page
 * is read. A desk runs at most {@link EXPORTS_PER_DESK} at once (429 past that); a closed connection stops it.
 */
export async function listExportRoutes(app: FastifyInstance, _ctx: AppContext) {
  const running = new Map<string, number>();
  for (const entry of EXPORTABLE_LISTS)
    route(app, entry.call, async (request, reply) => {
      const query = isRecord(request.query) ? request.query : {};
      const asked = query.columns === undefined ? undefined : columnsOf(query.columns);
      if (asked === null) throw new ApiError(400, [EXPORT_MSG.columns]);
      // The desk's zone as the console sends it, else India's (schemas/time-format.ts).
      const tz = typeof query.tz === 'string' ? query.tz : DEFAULT_TIME_ZONE;
      if (!isTimeZone(tz)) throw new ApiError(400, [EXPORT_MSG.tz]);
      const format = query.format === 'csv' ? 'csv' : 'xlsx';
      const desk = request.desk.userId;
      if ((running.get(desk) ?? 0) >= EXPORTS_PER_DESK)
        throw new ApiError(429, [EXPORT_MSG.busy], { 'retry-after': String(BUSY_RETRY_SECONDS) });
      const read = pageReader(app, entry, request);
      const first = await read(0);
      // The list's own refusal (a bad filter, an unknown company) is the export's.
      if ('status' in first)
        return reply.code(first.status).header('content-type', 'application/json').send(first.body);
      const opening: Page = first;
      if (opening.total > EXPORT_MAX_ROWS) throw new ApiError(400, [EXPORT_MSG.tooMany(opening.total)]);
      const columns = asked ?? everyField(opening.rows[0]);

      running.set(desk, (running.get(desk) ?? 0) + 1);
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        const left = (running.get(desk) ?? 1) - 1;
        if (left > 0) running.set(desk, left);
        else running.delete(desk);
      };
      const closed = () => request.raw.destroyed || reply.raw.destroyed;
      /** Every row's cells, page after page, until the total is written or a page comes back short or refused. */
      async function* rows(): AsyncGenerator<string[]> {
        let page = opening;
        let written = 0;
        // An exact total ends the file there (rows added since are the next export's); an estimate ends nothing.
        const end = opening.estimated ? Number.POSITIVE_INFINITY : opening.total;
        for (let n = 1; ; n++) {
          for (const row of page.rows) {
            if (written >= end) return;
            written++;
            yield cellsOf(columns, row, tz);
          }
          if (written >= end || page.rows.length < entry.paging.maxSize || closed()) return;
          if (entry.paging.cursor && !page.next) return;
          const next = await read(n, page.next);
          if ('status' in next) throw new Error(`page ${n} of ${entry.list.id} answered ${next.status}`);
          page = next;
        }
      }
      const titles = columns.map((column) => column.title);
      reply.raw.once('close', finish);
      reply.headers({
        'content-type': format === 'csv' ? `${EXPORT_MEDIA_TYPES.csv}; charset=utf-8` : EXPORT_MEDIA_TYPES.xlsx,
        'content-disposition': attachment(`${entry.name}.${format}`),
        'x-total-count': String(opening.total),
        ...(opening.estimated && { 'x-total-estimated': 'true' }),
        'cache-control': 'no-store',
      });
      if (format === 'csv') {
        const lines = async function* () {
          // A byte order mark, so that Excel reads the file as UTF-8; lines go out some 64 KB at a time, not one by one.
          let chunk = `\uFEFF${csvLine(titles)}`;
          for await (const cells of rows()) {
            chunk += csvLine(cells);
            if (chunk.length < CSV_CHUNK) continue;
            yield chunk;
            chunk = '';
          }
          yield chunk;
          finish();
        };
        return reply.send(Readable.from(lines()));
      }
      const out = new PassThrough();
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
      const sheet = book.addWorksheet(entry.noun.slice(0, 31));
      sheet.addRow(titles).commit();
      void (async () => {
        try {
          for await (const cells of rows()) {
            sheet.addRow(cells).commit();
            // Written as fast as the connection takes it: a page waits while the socket is full.
            if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
          }
          sheet.commit();
          await book.commit();
        } catch (err) {
          out.destroy(err instanceof Error ? err : new Error(String(err)));
        } finally {
          finish();
        }
      })();
      return reply.send(out);
    });
}
