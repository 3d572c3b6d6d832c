import { UPLOAD_MSG } from '../schemas/messages';
import { endpoint } from '../engine/data/endpoint';
import { defineSheet } from '../engine/registry/define';
import { geocode, type SheetGeocoder } from '../engine/sheet/geocodeProcessor';
import type { SheetRowResult } from '../engine/sheet/types';
import { placeCalls } from '../schemas/api/places';
import { KNOWN_PLACE_MAX_ROWS, KNOWN_PLACE_MSG, type KnownPlaceRowResult } from '../schemas/known-place';
import { consignorNeeded } from './known-places';
import * as registered from './known-places-upload.meta';

/**
 * The sheet's columns in the spec's order (spec 000 section 3): seven visible ones, then the geocoding place id,
 * hidden (the geocoding step fills it); the engine adds the status cell ('Success Status') after them.
 */
export const KNOWN_PLACE_SHEET_COLUMNS = [
  { key: 'Code', width: 110 },
  { key: 'Address Label', width: 170 },
  { key: 'Address', width: 220 },
  { key: 'Google Address', width: 260 },
  { key: 'Latitude', width: 110 },
  { key: 'Longitude', width: 110 },
  { key: 'Geofence Radius', width: 130 },
  { key: 'placeId', title: 'Place Id', hidden: true },
] as const;

/** Spec 000 section 8: a write that failed. */
const ADD_FAILED = 'Error while adding';

/** Geofence radius of a row that leaves the cell blank (spec 000 section 9: default 2). */
const DEFAULT_RADIUS = 2;

/** A radius cell as the call sends it: blank is the default; text that is no number goes as is, so the server names it. */
const radius = (text: string | undefined): number | string => {
  const value = (text ?? '').trim();
  if (value === '') return DEFAULT_RADIUS;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value) ? Number(value) : value;
};

/** One row's answer of the bulk create: a cpId is saved, else its error texts (cpCode already named Code by the server). */
const rowResult = (answer: KnownPlaceRowResult | undefined): SheetRowResult => {
  if (Array.isArray(answer)) return { ok: false, message: answer.join(', ') || ADD_FAILED };
  return answer?.cpId ? { ok: true } : { ok: false, message: ADD_FAILED };
};

/**
 * The known-place bulk sheet (spec 000 sections 2.10, 4, 5 and 9), geocoding through `geocoder` (the platform API's by
 * default) and sending `chunkSize` rows per call (default: the engine's). Every row's Google Address (or, without
 * one, its coordinates) is geocoded first; a row with both whose coordinates lie more than 30 km from the geocoded
 * place, or with no place found, is not sent and its status says why. The rest go to the create call with
 * bulkUpload=true and allOrNone=false, and each row's status is 'Success' or the server's error texts. A
 * TRANSPORTER's places belong to the consignor chosen in the filter bar (sent as partnerId).
 */
export function knownPlaceSheetConfig(options: { geocoder?: SheetGeocoder; chunkSize?: number } = {}) {
  return defineSheet<KnownPlaceRowResult[]>({
    ...registered.knownPlaceSheet,
    columns: KNOWN_PLACE_SHEET_COLUMNS,
    statusTitle: 'Success Status',
    maxRows: KNOWN_PLACE_MAX_ROWS,
    spareRows: 1,
    files: { types: ['xlsx', 'csv'], maxMb: 5, timeoutMs: 15_000 },
    draft: true,
    export: { fileName: 'known-places.csv' },
    format: {
      label: 'Please Refer Format',
      fileName: 'known-places-format.xlsx',
      example: {
        Code: 'TSL-PUNE-01',
        'Address Label': 'Tata Steel Pune Yard',
        Address: 'Plot 12, MIDC Bhosari',
        'Google Address': 'Pune, Maharashtra',
        Latitude: '',
        Longitude: '',
        'Geofence Radius': String(DEFAULT_RADIUS),
      },
    },
    scopeNeeds: consignorNeeded,
    processors: [
      geocode(
        { address: 'Google Address', lat: 'Latitude', lng: 'Longitude', placeId: 'placeId' },
        { geocoder: options.geocoder },
      ),
    ],
    submit: {
      endpoint: endpoint(placeCalls.placeCreate, { query: { bulkUpload: true, allOrNone: false } }),
      input: (rows, { scope }) => ({
        scope,
        query: scope.consignorId ? { partnerId: scope.consignorId } : {},
        // The spec's payload ({google.place_id, label, address, cpCode, geofenceRadius} per row) with the row's Google
        // address and coordinates as typed (or as geocoded when left blank): the geofence sits where the operator put it.
        body: rows.map((row) => ({
          google: {
            place_id: row.placeId,
            formatted_address: row['Google Address'],
            geometry: { location: { lat: Number(row.Latitude), lng: Number(row.Longitude) } },
          },
          label: row['Address Label'],
          address: row.Address,
          cpCode: row.Code,
          geofenceRadius: radius(row['Geofence Radius']),
        })),
      }),
      results: (data) => (Array.isArray(data) ? data : []).map(rowResult),
      chunkSize: options.chunkSize,
    },
    messages: {
      ...UPLOAD_MSG,
      success: () => KNOWN_PLACE_MSG.added,
      failure: ADD_FAILED,
    },
    back: '/known-places',
  });
}

/** /known-places/upload: the bulk sheet as the console mounts it (the platform API's geocoder). */
export const knownPlaceSheet = knownPlaceSheetConfig();
