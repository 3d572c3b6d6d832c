import type { JSONSchema } from 'json-schema-to-ts';
import { isRecord } from '../guards';
import { XLSX_MEDIA_TYPE } from './answers';
import { auditCalls } from './audit';
import { companyCalls } from './company';
import { type Contract, defineCall } from './contract';
import { mainCalls } from './main';
import { placeCalls } from './places';
import { callOf } from './resources';
import type { Resource } from '../resource';
import { ALL_RESOURCES } from '../resources';

/** The formats a list exports in. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The media type of each format. */
export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: XLSX_MEDIA_TYPE,
};

/** Most rows one export writes; a list with more is narrowed first (by its search or filters). */
export const EXPORT_MAX_ROWS = 250_000;
/** Most columns one export writes. */
export const EXPORT_MAX_COLUMNS = 40;
/** Exports one desk may have running at once. */
export const EXPORTS_PER_DESK = 2;

/** The texts of an export's refusals. */
export const EXPORT_MSG = {
  format: 'Choose the export format: csv or xlsx',
  columns: `Choose the columns to export (1 to ${EXPORT_MAX_COLUMNS}, each a title and a field)`,
  tz: 'The time zone is not one this server knows',
  tooMany: (rows: number) =>
    `This list has ${rows.toLocaleString('en-IN')} rows; an export holds at most ${EXPORT_MAX_ROWS.toLocaleString('en-IN')}: narrow it with the search or the filters first`,
  busy: `This desk has ${EXPORTS_PER_DESK} exports under way already. Please wait for one to finish`,
} as const;

/**
 * How a paged list call pages: the parameters of its page number (from `first`) and size (at most `maxSize`), and
 * where its answer holds the rows and their total (`from` 'body' = the whole answer, 'data' = the envelope's data).
 */
export interface ListPaging {
  rows: string;
  total: string;
  from: 'body' | 'data';
  page: string;
  size: string;
  first: 0 | 1;
  maxSize: number;
  /** Keyset paging: the parameter that takes a cursor, and where the answer holds the next (beside the rows). */
  cursor?: { after: string; next: string };
}

/** An exportable list: the list call it pages through, how it pages, and its export call. */
export interface ExportableList {
  name: string;
  noun: string;
  list: Contract;
  paging: ListPaging;
  call: Contract;
}

/** The parameters an export takes besides the list's own query (its filters, search and sort). */
const exportParams = {
  format: { type: 'string', enum: EXPORT_FORMATS, errorMessage: EXPORT_MSG.format },
  columns: {
    type: 'string',
    minLength: 2,
    maxLength: 8000,
    description:
      "The columns as JSON: [{title, field, kind?, text?}], field a dotted path into a row, kind one of the console's column kinds (text, datetime, date, inr, boolean, switch, json), text a named cell text (schemas/cell-texts.ts)",
    errorMessage: EXPORT_MSG.columns,
  },
  tz: {
    type: 'string',
    maxLength: 64,
    pattern: '^[A-Za-z0-9_+/-]+$',
    description: "The IANA time zone dates and times are written in (the console's); default Asia/Kolkata",
    errorMessage: EXPORT_MSG.tz,
  },
} as const;

/** The list's query schema without its page parameters, with the export's own. */
function exportQuery(list: Contract, paging: ListPaging): JSONSchema {
  const base = isRecord(list.querystring) ? list.querystring : {};
  const properties = isRecord(base.properties) ? { ...base.properties } : {};
  delete properties[paging.page];
  delete properties[paging.size];
  // A list's cursors: the export reads its pages from the first, whatever cursor a caller names.
  delete properties.after;
  delete properties.before;
  if (paging.cursor) delete properties[paging.cursor.after];
  const required = Array.isArray(base.required) ? base.required.filter((name) => name in properties) : [];
  return {
    ...base,
    type: 'object',
    properties: { ...properties, ...exportParams },
    required: [...required, 'format', 'columns'],
  };
}

/** The export call of a paged list: the same scope and query, every row, as a file. */
function exportable(name: string, noun: string, list: Contract, paging: ListPaging): ExportableList {
  const call = defineCall({
    service: list.service,
    envelope: list.envelope,
    id: `${list.id}.export`,
    method: 'GET',
    path: `/saas/lego/export/${name}`,
    summary: `Every one of the ${noun} \`${list.id}\` selects (its filters, search and sort, not only a page), as a CSV file or an Excel workbook written as the pages are read: the rows in the answer's X-Total-Count, each column's cells as the console shows them`,
    querystring: exportQuery(list, paging),
    scope: list.scope,
    // The ids the list's query may name are checked within the scope as the list's are.
    ...(list.owns && { owns: list.owns }),
    // The other ids it names are read through the list's call, for the list's reasons.
    ...(list.refers && { refers: list.refers }),
    produces: [EXPORT_MEDIA_TYPES.csv, EXPORT_MEDIA_TYPES.xlsx],
    messages: [EXPORT_MSG.busy],
    answers: {
      400: `More than ${EXPORT_MAX_ROWS.toLocaleString('en-IN')} rows ('This list has … rows; an export holds at most …'), or columns that are not a list of {title, field}`,
      429: `'${EXPORT_MSG.busy}', with Retry-After`,
    },
  });
  return { name, noun, list, paging, call };
}

const BODY_PAGED = {
  rows: 'data',
  total: 'total',
  from: 'body',
  page: 'page',
  size: 'size',
  first: 1,
  maxSize: 100,
} as const;

/**
 * How a declared resource's list is read page by page: keyset-paged as ours are, or by number from the envelope's data
 * where a spec shapes it (its `api.numbered`).
 */
function resourcePaging(resource: Resource): ListPaging {
  const numbered = resource.api?.numbered;
  if (!numbered) return { ...BODY_PAGED, cursor: { after: 'after', next: 'next' } };
  const { page, size, first, maxSize } = numbered;
  return { rows: 'data', total: 'total', from: 'data', page, size, first, maxSize };
}

/** Every list the console pages on the server, exported by the server (the others export what the console holds). */
export const EXPORTABLE_LISTS = [
  exportable('routes', 'routes', mainCalls.routes, { ...BODY_PAGED, cursor: { after: 'after', next: 'next' } }),
  exportable('known-places', 'known places', placeCalls.placeFetch, {
    ...BODY_PAGED,
    cursor: { after: 'after', next: 'next' },
  }),
  exportable('partners', 'partners', companyCalls.partners, BODY_PAGED),
  exportable('audit-log', 'audit log entries', auditCalls.list, {
    rows: 'rows',
    total: 'total',
    from: 'data',
    page: 'page',
    size: 'size',
    first: 1,
    maxSize: 100,
  }),
  // Each declared resource that says so (schemas/resource.ts `export`), under its plural (`ap-configs`).
  ...ALL_RESOURCES.filter((resource) => resource.export).map((resource) =>
    exportable(
      resource.plural.toLowerCase().replaceAll(' ', '-'),
      resource.plural,
      callOf(resource, 'list'),
      resourcePaging(resource),
    ),
  ),
];

/** The export calls, by list (what the API document and the routes read). */
export const exportCalls = Object.fromEntries(EXPORTABLE_LISTS.map((entry) => [entry.name, entry.call]));

/** The export of a list call, if it has one. */
export const exportOfList = (list: Pick<Contract, 'id'>): ExportableList | undefined =>
  EXPORTABLE_LISTS.find((entry) => entry.list.id === list.id);
