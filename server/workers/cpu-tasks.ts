/**
 * The API's CPU-heavy tasks, run in the worker pool's threads (server/workers/cpu-pool.ts), never on the event loop:
 * each takes plain data (bytes moved, large arrays as its second argument) and answers plain data or bytes.
 */
import { BULK_UPLOAD_MSG } from '../../schemas/bulk-upload';
import { parsedJson, schemaGuard } from '../../schemas/guards';
import { alertsOfTrips, type AlertQuery, type SummaryTrip } from '../repos/report-run-repository';

/** The window of an exception report's alerts. */
type AlertWindow = Pick<AlertQuery, 'types' | 'closedFrom' | 'until' | 'startedFrom'>;
import { readSheet, resultWorkbook, sniffFile, writeWorkbook, type BulkFileKind } from '../adapters/bulk-workbook';
import { applyFilters } from '../rules/report-filters';
import { sideBySide } from '../rules/audit-changes';
import { addCounts, proposedConfig, tripChange, type AlertCounts } from '../rules/alert-impact';
import type { DefinitionFilter } from '../../schemas/report-schedule';
import type { ReportAbout } from '../adapters/report-workbook';
import { writeExceptionWorkbook, writeSummaryWorkbook } from '../rules/report-sheets';
import {
  computeAlerts,
  lengthKm,
  rulesFromConfigs,
  type StoredAlertConfig,
  type TripAlert,
  type TripPlan,
} from '../rules/trip-alerts';

/** Each row's result text by row number, as batchRepository.resultTextsJson writes them: `[[rowNo, result], ...]`. */
const isRowResults = schemaGuard({
  type: 'array',
  items: { type: 'array', items: [{ type: 'integer' }, { type: 'string' }], minItems: 2, maxItems: 2 },
} as const);

/** A trip's pings as tripRepository.pingsJson writes them: time (ms), position and speed (null when unknown). */
const isPings = schemaGuard({
  type: 'array',
  items: {
    type: 'object',
    properties: {
      t: { type: 'number' },
      lat: { type: 'number' },
      lng: { type: 'number' },
      speed: { type: ['number', 'null'] },
    },
    required: ['t', 'lat', 'lng'],
  },
} as const);

/** A slice's pings of one trip as columns (alert-impact-repository `slicePings`): times, latitudes, longitudes, speeds. */
const isPingColumns = schemaGuard({
  type: 'array',
  items: [
    { type: 'array', items: { type: 'number' } },
    { type: 'array', items: { type: 'number' } },
    { type: 'array', items: { type: 'number' } },
    { type: 'array', items: { type: ['number', 'null'] } },
  ],
  minItems: 4,
  maxItems: 4,
} as const);

/** Pings from their columns, which must be of one length. */
function pingsOfColumns(text: string) {
  const [t, lat, lng, speed] = parsedJson(text, isPingColumns, "A trip's pings");
  if (lat.length !== t.length || lng.length !== t.length || speed.length !== t.length)
    throw new Error("A trip's pings: columns of different lengths");
  return t.map((time, i) => ({ t: time, lat: lat[i], lng: lng[i], speed: speed[i] }));
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** What reading a batch's file needs of its component: its columns, those required, the widest sheet it takes. */
export interface BatchColumns {
  columns: string[];
  required: string[];
  maxColumns: number;
}

/**
 * The data rows of a batch's file as cell maps keyed by the component's columns (a header matches whatever its case),
 * or why the file cannot be processed.
 */
export function batchRows(input: BatchColumns & { file: Uint8Array }): Record<string, string>[] | { error: string } {
  const sheet = readSheet(asBuffer(input.file), input.maxColumns);
  if ('error' in sheet) return sheet;
  const index = new Map(sheet.header.map((name, i) => [name.toLowerCase(), i]));
  const missing = input.required.filter((c) => !index.has(c.toLowerCase()));
  if (missing.length) return { error: BULK_UPLOAD_MSG.missingColumns(missing) };
  return sheet.rows.map((cells) =>
    Object.fromEntries(input.columns.map((c) => [c, cells[index.get(c.toLowerCase()) ?? -1] ?? ''])),
  );
}

/**
 * A batch's result file from its uploaded file and each row's result text by row number (JSON `[[rowNo, result], ...]`,
 * batchRepository.resultTextsJson); null when the file cannot be read.
 */
export function batchResultFile(input: { file: Uint8Array; maxColumns: number; results: string }): Buffer | null {
  const sheet = readSheet(asBuffer(input.file), input.maxColumns);
  if ('error' in sheet) return null;
  const results = parsedJson(input.results, isRowResults, "A batch's row results");
  return resultWorkbook(
    sheet,
    new Map(results.map(([rowNo, result]) => [rowNo, { rowNo, ok: result === 'Success', result, recordId: null }])),
  );
}

/** An uploaded file's kind by its name and first bytes, its zip checked for bombs (unpacked in full: CPU-heavy). */
export function sniffUpload(input: { filename: string; file: Uint8Array }): { kind: BulkFileKind } | { error: string } {
  return sniffFile(input.filename, asBuffer(input.file));
}

/** An xlsx of one sheet (a component's sample file). */
export function workbookFile(input: { sheetName: string; columns: string[]; rows: string[][] }): Buffer {
  return writeWorkbook(input.sheetName, input.columns, input.rows);
}

/** The daily trip summary's xlsx. */
export function summaryWorkbook(about: Omit<ReportAbout, 'rows' | 'title'>, trips: SummaryTrip[]): Buffer {
  return writeSummaryWorkbook(trips, about);
}

/**
 * An exception report from its trips' JSON text (reportRunRepository.alertTripsJson): the window's alerts, the
 * definition's filters, the xlsx; with the count of alerts it holds.
 */
export function exceptionReport(input: {
  about: Omit<ReportAbout, 'rows' | 'title'>;
  tripsJson: string;
  window: AlertWindow;
  filters: DefinitionFilter[];
  at: number;
}): { file: Uint8Array; rows: number } {
  const alerts = applyFilters(alertsOfTrips(input.tripsJson, input.window), input.filters, input.at);
  return { file: writeExceptionWorkbook(alerts, input.about), rows: alerts.length };
}

/** A trip's alerts computed afresh from its pings (a JSON array text, tripRepository.pingsJson) with an alert configuration (a replay). */
export function replayAlerts(input: { plan: TripPlan; config: StoredAlertConfig[]; pings: string }): TripAlert[] {
  return computeAlerts(
    parsedJson(input.pings, isPings, "A trip's pings"),
    input.plan,
    rulesFromConfigs(input.config, lengthKm(input.plan.path)),
  );
}

/**
 * Two records' fields side by side for each pair (the comparison and copy preview of two companies' configuration,
 * server/repos/config-copy.ts): hundreds of items at once are tens of milliseconds of work, done here.
 */
export function sideBySideMany(input: {
  pairs: [Record<string, unknown> | null, Record<string, unknown> | null][];
}): ReturnType<typeof sideBySide>[] {
  return input.pairs.map(([left, right]) => sideBySide(left, right, new Set()));
}

/** A trip of an impact preview: its plan and pings (JSON text of columns, alert-impact-repository `slicePings`). */
export interface ImpactTripInput {
  id: string;
  branchId: string | null;
  vehicleNumber: string;
  startedAt: number;
  plan: TripPlan;
  pings: string;
}

/** A company's alert configuration by branch: `''` the company's own, a branch's with its own in place. */
export type StoredByBranch = Record<string, StoredAlertConfig[]>;

/**
 * One slice of an alert impact preview (issue 25): each trip's alerts with the configuration as it is (`stored`, its
 * branch's) and as it would be (the `proposed` configurations in place of theirs), counted by type and level
 * (`[key, before, after]`), and the trips whose alerts change.
 */
export function impactSlice(input: {
  trips: ImpactTripInput[];
  stored: StoredByBranch;
  proposed: StoredAlertConfig[];
}) {
  const counts: AlertCounts = new Map();
  const changed = [];
  const afterOf = new Map<string, StoredAlertConfig[]>();
  for (const trip of input.trips) {
    const pings = pingsOfColumns(trip.pings);
    const km = lengthKm(trip.plan.path);
    const branch = trip.branchId !== null && input.stored[trip.branchId] ? trip.branchId : '';
    const stored = input.stored[branch] ?? [];
    const proposed = afterOf.get(branch) ?? proposedConfig(stored, input.proposed);
    afterOf.set(branch, proposed);
    const before = computeAlerts(pings, trip.plan, rulesFromConfigs(stored, km));
    const after = computeAlerts(pings, trip.plan, rulesFromConfigs(proposed, km));
    addCounts(counts, before, after);
    const change = tripChange(before, after);
    if (change.added + change.removed + change.changed > 0)
      changed.push({
        tripId: trip.id,
        vehicleNumber: trip.vehicleNumber,
        startedAt: trip.startedAt,
        before: before.length,
        after: after.length,
        ...change,
      });
  }
  return { counts: [...counts].map(([key, c]) => [key, c.before, c.after] as const), trips: changed };
}
