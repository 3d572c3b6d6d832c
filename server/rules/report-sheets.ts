import { distanceKm } from '../../schemas/haversine';
import { parsedJson, schemaGuard } from '../../schemas/guards';
import { istText, reportWorkbook, type Cell, type ReportAbout } from '../adapters/report-workbook';
import type { SummaryTrip } from '../repos/report-run-repository';
import { alertName, type ReportAlert } from './report-filters';
import { COMPUTED_ALERTS } from './trip-alerts';
import { cpuPool } from '../workers/cpu-pool';

/**
 * What the sheets of the report runs hold (issue 14): the daily trip summary's trips and the exception report's
 * alerts, a row each, with their columns; server/adapters/report-workbook.ts writes them as xlsx.
 */

const MINUTE = 60_000;

const round1 = (n: number) => Math.round(n * 10) / 10;

export const SUMMARY_COLUMNS = [
  'Trip Id',
  'Vehicle',
  'Branch',
  'Status',
  'Started (IST)',
  'Closed (IST)',
  'Planned km',
  'Travelled km',
  'STT (min)',
  'Delay (min)',
  'Alerts',
  ...COMPUTED_ALERTS.map(alertName),
];

/** A trip's path as its jsonb column holds it (a driver may hand it back as text): points of the route. */
const isPath = schemaGuard({
  type: 'array',
  items: { type: 'object', properties: { lat: { type: 'number' }, lng: { type: 'number' } }, required: ['lat', 'lng'] },
} as const);

/** A trip's computed alerts counted by type (summaryTrips' jsonb_object_agg, or its text). */
const isAlertCounts = schemaGuard({ type: 'object', additionalProperties: { type: 'number' } } as const);

/** A row's branch in words ('Jamshedpur (3101)'), its id where the company has no such branch (any more). */
const branchText = (id: string | null, branches: Readonly<Record<string, string>>) =>
  id === null ? '' : (branches[id] ?? id);

/**
 * The daily trip summary: each trip under way in the period with its status, planned and travelled distance, its
 * delay (minutes past its STA, start + STT, at its close or at the period's end; 0 when on time, empty without an
 * STT) and its computed alerts, in all and by type.
 */
export function summaryRows(
  trips: readonly SummaryTrip[],
  until: number,
  branches: Readonly<Record<string, string>>,
): Cell[][] {
  return trips.map((t) => {
    const path = typeof t.path === 'string' ? parsedJson(t.path, isPath, "A trip's path") : t.path;
    let planned = 0;
    for (let i = 1; i < path.length; i++) planned += distanceKm(path[i - 1], path[i]);
    const counts =
      typeof t.alerts === 'string' ? parsedJson(t.alerts, isAlertCounts, "A trip's alerts") : (t.alerts ?? {});
    const total = Object.values(counts).reduce((n, c) => n + Number(c), 0);
    const end = t.closedAt ?? until;
    const delay = t.stt === null ? '' : Math.max(0, Math.round((end - (t.startedAt + t.stt * MINUTE)) / MINUTE));
    return [
      t.id,
      t.vehicleNumber,
      branchText(t.branchId, branches),
      Number(t.status) === 1 ? 'Open' : 'Closed',
      istText(t.startedAt),
      istText(t.closedAt),
      round1(planned),
      round1(t.travelledKm ?? 0),
      t.stt ?? '',
      delay,
      total,
      ...COMPUTED_ALERTS.map((type) => Number(counts[type] ?? 0)),
    ];
  });
}

/** The daily trip summary's xlsx, written here (in a worker thread: {@link summaryWorkbook} is what callers use). */
export function writeSummaryWorkbook(
  trips: readonly SummaryTrip[],
  about: Omit<ReportAbout, 'rows' | 'title'>,
): Buffer {
  return reportWorkbook('Trips', SUMMARY_COLUMNS, summaryRows(trips, about.until, about.branches), {
    ...about,
    title: 'Daily trip summary',
    rows: trips.length,
  });
}

export const EXCEPTION_COLUMNS = [
  'Trip Id',
  'Vehicle',
  'Branch',
  'Trip Status',
  'Trip Started (IST)',
  'Alert',
  'Alert Type',
  'Level',
  'Started (IST)',
  'Closed (IST)',
  'Duration (min)',
  'Value',
  'Unit',
  'Latitude',
  'Longitude',
  'Customer',
];

/** The exception report: one row per alert. */
export function exceptionRows(alerts: readonly ReportAlert[], branches: Readonly<Record<string, string>>): Cell[][] {
  return alerts.map((a) => [
    a.tripId,
    a.vehicleNumber,
    branchText(a.branchId, branches),
    Number(a.tripStatus) === 1 ? 'Open' : 'Closed',
    istText(a.tripStartedAt),
    alertName(a.type),
    a.type,
    a.level ?? '',
    istText(a.start),
    istText(a.end),
    a.end === null ? '' : round1((a.end - a.start) / MINUTE),
    a.value,
    a.unit,
    a.lat,
    a.lng,
    a.customerName ?? a.customerCode ?? '',
  ]);
}

/** The exception report's xlsx, written here (in a worker thread: the `exceptionReport` task of server/workers/cpu-tasks.ts). */
export function writeExceptionWorkbook(
  alerts: readonly ReportAlert[],
  about: Omit<ReportAbout, 'rows' | 'title'>,
): Buffer {
  return reportWorkbook('Alerts', EXCEPTION_COLUMNS, exceptionRows(alerts, about.branches), {
    ...about,
    title: 'Exception report',
    rows: alerts.length,
  });
}

/** The daily trip summary's xlsx, written in the worker pool; a report is a job's work, so it waits for room there. */
export const summaryWorkbook = (
  trips: readonly SummaryTrip[],
  about: Omit<ReportAbout, 'rows' | 'title'>,
): Promise<Buffer> => cpuPool().run('summaryWorkbook', about, { items: trips, wait: true });
