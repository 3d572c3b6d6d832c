import { isRecord } from '../engine/data/pick';
import { UPLOAD_MSG } from '../schemas/messages';
import { endpoint } from '../engine/data/endpoint';
import { defineSheet } from '../engine/registry/define';
import { batchGeocoder, geocode, geocodeRow, type SheetGeocoder } from '../engine/sheet/geocodeProcessor';
import { numbers } from '../engine/sheet/rowProcessors';
import { SHEET_TEXT } from '../engine/sheet/sheetText';
import type { RowStep, RowValues, SheetProcessor } from '../engine/sheetConfig';
import type { SheetRowResult } from '../engine/sheet/types';
import { mainCalls } from '../schemas/api/main';
import * as registered from './routes-upload.meta';

/** The bulk create's answer for one row (spec 000 section 7): the new route's id, or why it was not stored. */
type RouteBulkResult = { routeId: string } | { error: string };

/** The most rows the sheet holds (spec 000 sections 5 and 9). */
export const ROUTE_SHEET_MAX_ROWS = 500;
/** Waypoints a row may list: a bulk row holds at most 100 places, two of them the loading and unloading points. */
export const MAX_WAYPOINTS = 98;
/** Between two waypoints of the Waypoints cell. */
export const WAYPOINT_SEPARATOR = '|';

/** The loading or unloading point's columns, titled with its name. */
const placeColumns = (name: 'Loading' | 'Unloading') =>
  [
    { key: `${name} Address`, width: 240 },
    { key: `${name} Latitude`, width: 110 },
    { key: `${name} Longitude`, width: 110 },
    { key: `${name} Label`, width: 150 },
    { key: `${name} Code`, width: 110 },
    { key: `${name} Radius (km)`, width: 120 },
  ] as const;

/**
 * The sheet's columns as an operator fills them: the route, its loading point, its unloading point, then its
 * waypoints in one cell. The place ids the geocoding finds go in the hidden columns (the waypoints' as JSON).
 */
export const ROUTE_SHEET_COLUMNS = [
  { key: 'Route Label', width: 180 },
  { key: 'Route Code', width: 120 },
  { key: 'STT (hours)', width: 100 },
  ...placeColumns('Loading'),
  ...placeColumns('Unloading'),
  { key: 'Waypoints', width: 320 },
  { key: 'loadingPlaceId', title: 'Loading Place Id', hidden: true },
  { key: 'unloadingPlaceId', title: 'Unloading Place Id', hidden: true },
  { key: 'waypointPlaces', title: 'Waypoint Places', hidden: true },
] as const;

/** A geocoded waypoint as the hidden column keeps it. */
interface WaypointPlace {
  place_id: string;
  address: string;
  lat: number;
  lng: number;
}

/** The hidden column's waypoints (JSON this screen wrote), each checked: what is not a geocoded waypoint is left out. */
function waypointPlaces(text: string): WaypointPlace[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text || '[]');
  } catch {
    return [];
  }
  return (Array.isArray(parsed) ? parsed.filter(isRecord) : []).flatMap(({ place_id, address, lat, lng }) =>
    typeof place_id === 'string' && typeof address === 'string' && typeof lat === 'number' && typeof lng === 'number'
      ? [{ place_id, address, lat, lng }]
      : [],
  );
}

/** A waypoint as typed: an address, coordinates ('lat,lng'), or both ('address @ lat,lng'). */
export interface WaypointText {
  address: string;
  lat: string;
  lng: string;
}

/** Coordinates alone: numbers, signs, dots and commas, at least one (an address has letters; a bare PIN has no comma). */
const COORDINATES = /^[\s\d.+-]*,[\s\d.,+-]*$/;

/** Splits 'lat,lng' (anything else becomes an unreadable pair, which the geocoding step names). */
const pair = (text: string): Pick<WaypointText, 'lat' | 'lng'> => {
  const parts = text.split(',');
  return parts.length === 2 ? { lat: parts[0], lng: parts[1] } : { lat: text, lng: text || '?' };
};

/**
 * The Waypoints cell read as its items: separated by '|', each an address, 'lat,lng', or 'address @ lat,lng'. A
 * blank cell has none; a blank item (two separators in a row) is kept so that it is reported.
 */
export function readWaypoints(cell: string): WaypointText[] {
  if (cell.trim() === '') return [];
  return cell.split(WAYPOINT_SEPARATOR).map((raw) => {
    const item = raw.trim();
    const at = item.lastIndexOf('@');
    if (at >= 0) return { address: item.slice(0, at).trim(), ...pair(item.slice(at + 1).trim()) };
    if (COORDINATES.test(item)) return { address: '', ...pair(item) };
    return { address: item, lat: '', lng: '' };
  });
}

/**
 * Geocodes each waypoint of a row as the loading and unloading points are (the 30 km rule when both an address
 * and coordinates are given), all at once, into the hidden `waypointPlaces` column as JSON.
 */
export async function geocodeWaypoints(values: RowValues, geocoder: SheetGeocoder): Promise<RowStep> {
  const items = readWaypoints(values.Waypoints ?? '');
  if (items.length > MAX_WAYPOINTS) return { error: `At most ${MAX_WAYPOINTS} waypoints per route` };
  // All at once: a batching geocoder sends them with the other rows' lookups.
  const steps = await Promise.all(
    items.map((item) =>
      geocodeRow(
        { address: item.address, lat: item.lat, lng: item.lng, placeId: '' },
        { address: 'address', lat: 'lat', lng: 'lng', placeId: 'placeId' },
        geocoder,
      ),
    ),
  );
  const places: WaypointPlace[] = [];
  for (const step of steps) {
    if ('error' in step) return step;
    const v = step.values;
    places.push({ place_id: v.placeId, address: v.address, lat: Number(v.lat), lng: Number(v.lng) });
  }
  return { values: { ...values, waypointPlaces: JSON.stringify(places) } };
}

/**
 * The waypoint step: with the platform API's geocoder (a fresh batching one per submit) every row at once, its
 * lookups sent in batches; with another geocoder a few rows at a time.
 */
const waypoints = (geocoder?: SheetGeocoder): SheetProcessor<SheetGeocoder> => ({
  name: 'waypoints',
  concurrency: geocoder ? 4 : Number.MAX_SAFE_INTEGER,
  prepare: () => geocoder ?? batchGeocoder(),
  run: (values, chosen) => geocodeWaypoints(values, chosen),
});

/** The loading or unloading point of a processed row, as the bulk call's place. */
function endPlace(row: Record<string, string>, name: 'Loading' | 'Unloading', placeId: string) {
  const address = row[`${name} Address`] ?? '';
  const radius = row[`${name} Radius (km)`];
  return {
    label: row[`${name} Label`] || address.slice(0, 200),
    address,
    cpCode: row[`${name} Code`] ?? '',
    geofenceRadius: radius ? Number(radius) : 2,
    google: {
      place_id: placeId,
      formatted_address: address,
      geometry: { location: { lat: Number(row[`${name} Latitude`]), lng: Number(row[`${name} Longitude`]) } },
    },
  };
}

/** A processed row as the bulk call's row: loading point first, waypoints, unloading point last; STT in minutes. */
export function toRouteRow(row: Record<string, string>) {
  const middle = waypointPlaces(row.waypointPlaces).map((p) => ({
    label: p.address.slice(0, 200),
    address: p.address,
    cpCode: '',
    geofenceRadius: 2,
    google: { place_id: p.place_id, formatted_address: p.address, geometry: { location: { lat: p.lat, lng: p.lng } } },
  }));
  return {
    label: row['Route Label'],
    code: row['Route Code'] ?? '',
    stt: row['STT (hours)'] ? Number(row['STT (hours)']) : null,
    places: [endPlace(row, 'Loading', row.loadingPlaceId), ...middle, endPlace(row, 'Unloading', row.unloadingPlaceId)],
  };
}

/** One row's answer: a routeId is saved, else the server's reason. */
const rowResult = (answer: RouteBulkResult | undefined): SheetRowResult =>
  answer && 'routeId' in answer ? { ok: true } : { ok: false, message: answer?.error ?? 'Error while adding' };

/** How to fill the sheet: the format workbook's second sheet. */
const HOW_TO_FILL = [
  'Route Label is required; Route Code is optional.',
  'STT (hours): optional standard transit time in hours, a number greater than 0 (stored in minutes).',
  'Loading and Unloading point: give an Address, or Latitude and Longitude, or both.',
  `With both, the coordinates must lie within 30 km of the address found for it (else '${SHEET_TEXT.tooFar}').`,
  'Label defaults to the address; Code is optional; Radius (km) defaults to 2 (at most 50).',
  `Waypoints: optional, in the order driven, separated by ${WAYPOINT_SEPARATOR} . Each is an address, or lat,lng, or address @ lat,lng.`,
  `Example: Lonavala, Maharashtra ${WAYPOINT_SEPARATOR} 18.7546,73.4062 ${WAYPOINT_SEPARATOR} Khopoli @ 18.7856,73.3459`,
  `At most ${MAX_WAYPOINTS} waypoints per route and ${ROUTE_SHEET_MAX_ROWS} rows per sheet.`,
];

/**
 * The route bulk sheet (spec 000 sections 2.4, 4, 5 and 9), geocoding through `geocoder` (the platform API's by
 * default). Each row's STT is entered in hours and sent in minutes; its loading point, unloading point and waypoints
 * are geocoded (the 30 km rule), and the rows that pass go to the bulk create, a place's id in `google.place_id`.
 */
export function routesSheetConfig(options: { geocoder?: SheetGeocoder; chunkSize?: number } = {}) {
  const { geocoder } = options;
  return defineSheet<RouteBulkResult[]>({
    ...registered.routesSheet,
    columns: ROUTE_SHEET_COLUMNS,
    maxRows: ROUTE_SHEET_MAX_ROWS,
    spareRows: 1,
    files: { types: ['xlsx', 'csv'], maxMb: 5 },
    draft: true,
    format: {
      label: 'Please Refer Format',
      fileName: 'route-upload-format.xlsx',
      example: {
        'Route Label': 'Pune - Mumbai',
        'Route Code': 'PUN-BOM',
        'STT (hours)': '6',
        'Loading Address': 'Chakan, Pune, Maharashtra',
        'Loading Latitude': '',
        'Loading Longitude': '',
        'Loading Label': 'Chakan Plant',
        'Loading Code': 'CKN-01',
        'Loading Radius (km)': '2',
        'Unloading Address': 'Bhiwandi, Maharashtra',
        'Unloading Latitude': '19.2813',
        'Unloading Longitude': '73.0483',
        'Unloading Label': 'Bhiwandi Warehouse',
        'Unloading Code': 'BHW-01',
        'Unloading Radius (km)': '',
        Waypoints: `Lonavala, Maharashtra ${WAYPOINT_SEPARATOR} 18.7856,73.3459`,
      },
      lists: [{ name: 'How to fill', values: HOW_TO_FILL }],
    },
    processors: [
      numbers([
        { column: 'STT (hours)', times: 60 },
        { column: 'Loading Radius (km)' },
        { column: 'Unloading Radius (km)' },
      ]),
      geocode(
        { address: 'Loading Address', lat: 'Loading Latitude', lng: 'Loading Longitude', placeId: 'loadingPlaceId' },
        { geocoder },
      ),
      geocode(
        {
          address: 'Unloading Address',
          lat: 'Unloading Latitude',
          lng: 'Unloading Longitude',
          placeId: 'unloadingPlaceId',
        },
        { geocoder },
      ),
      waypoints(geocoder),
    ],
    submit: {
      endpoint: endpoint(mainCalls.createRoutes),
      input: (rows, { scope }) => ({ scope, body: rows.map(toRouteRow) }),
      results: (data) => (Array.isArray(data) ? data : []).map(rowResult),
      chunkSize: options.chunkSize,
    },
    messages: {
      ...UPLOAD_MSG,
      success: () => 'Routes added successfully !',
      failure: 'Error while adding',
    },
    back: '/routes',
  });
}

/** /routes/upload: the sheet as the console mounts it (the platform API's geocoder). */
export const routesSheet = routesSheetConfig();
