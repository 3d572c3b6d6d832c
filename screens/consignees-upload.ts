import { UPLOAD_MSG } from '../schemas/messages';
import { endpoint } from '../engine/data/endpoint';
import { defineSheet } from '../engine/registry/define';
import { geocode, type SheetGeocoder } from '../engine/sheet/geocodeProcessor';
import type { SheetRowResult } from '../engine/sheet/types';
import { consigneeCalls } from '../schemas/api/consignees';
import { CONSIGNEE_MAX_ROWS, CONSIGNEE_MSG, CONSIGNEE_TYPES, type ConsigneeRowResult } from '../schemas/consignee';
import { consignorNeeded } from './known-places';
import * as registered from './consignees-upload.meta';

/**
 * The sheet's columns in the spec's order (spec 002 section 3): code, name, type, contact number, email, address
 * label, address, Google address, latitude, longitude, the geocoding status (hidden: the place id the geocoding step
 * finds), address code and geofence radius; the engine adds the status cell ('Success Status') after them.
 */
export const CONSIGNEE_SHEET_COLUMNS = [
  { key: 'Code', width: 100 },
  { key: 'Name', width: 150 },
  { key: 'Type', width: 110 },
  { key: 'Contact Number', width: 120 },
  { key: 'Email', width: 170 },
  { key: 'Address Label', width: 150 },
  { key: 'Address', width: 170 },
  { key: 'Google Address', width: 200 },
  { key: 'Latitude', width: 90 },
  { key: 'Longitude', width: 90 },
  { key: 'placeId', title: 'Geocoding Status', hidden: true },
  { key: 'Address Code', width: 110 },
  { key: 'Geofence Radius', width: 110 },
] as const;

/** Geofence radius of a row that leaves the cell blank (the form's default). */
const DEFAULT_RADIUS = 2;

/** A radius cell as the call sends it: blank is the default; text that is no number goes as is, so the server names it. */
const radius = (text: string | undefined): number | string => {
  const value = (text ?? '').trim();
  if (value === '') return DEFAULT_RADIUS;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value) ? Number(value) : value;
};

/** One row's answer of the bulk create: an id is saved, else its error texts. */
const rowResult = (answer: ConsigneeRowResult | undefined): SheetRowResult => {
  if (Array.isArray(answer)) return { ok: false, message: answer.join(', ') || CONSIGNEE_MSG.addFailed };
  return answer?.id ? { ok: true } : { ok: false, message: CONSIGNEE_MSG.addFailed };
};

/**
 * The consignee bulk sheet (spec 002 sections 2.2, 4, 5 and 9), geocoding through `geocoder` (the platform API's by
 * default) and sending `chunkSize` rows per call. Every row's Google Address (or its coordinates) is geocoded first; a
 * row whose coordinates lie more than 30 km from the geocoded place, or with no place found, is not sent and its
 * status says why. The rest go to the create call with bulkUpload=true and allOrNone=false; each row's status is
 * 'Success' or the server's error texts. A TRANSPORTER's consignees belong to the consignor chosen in the filter bar.
 */
export function consigneeSheetConfig(options: { geocoder?: SheetGeocoder; chunkSize?: number } = {}) {
  return defineSheet<ConsigneeRowResult[]>({
    ...registered.consigneeSheet,
    columns: CONSIGNEE_SHEET_COLUMNS,
    statusTitle: 'Success Status',
    maxRows: CONSIGNEE_MAX_ROWS,
    spareRows: 1,
    files: { types: ['xlsx', 'csv'], maxMb: 5, timeoutMs: 15_000 },
    draft: true,
    export: { fileName: 'consignees.csv' },
    format: {
      label: 'Please Refer Format',
      fileName: 'consignees-format.xlsx',
      example: {
        Code: 'CEE-PUNE-001',
        Name: 'Sharma Distributors',
        Type: 'CUSTOMER',
        'Contact Number': '9876543210',
        Email: 'orders@sharma.example.in',
        'Address Label': 'Sharma Distributors Gate 1',
        Address: 'Plot 12, MIDC Bhosari',
        'Google Address': 'Pune, Maharashtra',
        Latitude: '',
        Longitude: '',
        'Address Code': 'CEE-PUNE-001-G1',
        'Geofence Radius': String(DEFAULT_RADIUS),
      },
      lists: [{ name: 'Type', values: CONSIGNEE_TYPES }],
    },
    scopeNeeds: consignorNeeded,
    processors: [
      geocode(
        { address: 'Google Address', lat: 'Latitude', lng: 'Longitude', placeId: 'placeId' },
        { geocoder: options.geocoder },
      ),
    ],
    submit: {
      endpoint: endpoint(consigneeCalls.create, { query: { pt: 'CONSIGNEE', bulkUpload: true, allOrNone: false } }),
      input: (rows, { scope }) => ({
        scope,
        query: scope.consignorId ? { partnerId: scope.consignorId } : {},
        body: rows.map((row) => ({
          code: row.Code,
          name: row.Name,
          type: row.Type?.toUpperCase(),
          phone: row['Contact Number'] ?? '',
          email: row.Email,
          place: {
            label: row['Address Label'],
            address: row.Address,
            cpCode: row['Address Code'],
            geofenceRadius: radius(row['Geofence Radius']),
            google: {
              place_id: row.placeId,
              formatted_address: row['Google Address'],
              geometry: { location: { lat: Number(row.Latitude), lng: Number(row.Longitude) } },
            },
          },
        })),
      }),
      results: (data) => (Array.isArray(data) ? data : []).map(rowResult),
      chunkSize: options.chunkSize,
    },
    messages: {
      ...UPLOAD_MSG,
      success: () => CONSIGNEE_MSG.added,
      failure: CONSIGNEE_MSG.addFailed,
    },
    back: '/consignees',
  });
}

/** /consignees/upload: the bulk sheet as the console mounts it (the platform API's geocoder). */
export const consigneeSheet = consigneeSheetConfig();
