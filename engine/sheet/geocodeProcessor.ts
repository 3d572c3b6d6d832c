import { callEndpoint, endpoint } from '../data/endpoint';
import { mapCalls } from '../../schemas/api/maps';
import type { GeoPlace } from '../widgets/placeApi';
import type { RowStep, RowValues, SheetProcessor } from './processors';
import { SHEET_TEXT } from './sheetText';

/** What the geocoding step needs of a geocoder: the best place for an address, and for coordinates. */
export interface SheetGeocoder {
  byAddress(address: string): Promise<GeoPlace | null>;
  byLatLng(lat: number, lng: number): Promise<GeoPlace | null>;
}

const geocodeCall = endpoint(mapCalls.geocode);

/** The first place the platform API's geocoder answers; a failed call throws (the row says so, the others go on). */
async function firstPlace(query: Record<string, string>): Promise<GeoPlace | null> {
  const result = await callEndpoint<GeoPlace[]>(geocodeCall, { query }, { quiet: true });
  if (!result.ok) throw new Error(SHEET_TEXT.fetchFailed);
  return Array.isArray(result.data) ? (result.data[0] ?? null) : null;
}

/** The platform API's geocoder (GET /maps/geocode), forward and reverse. */
export const platformGeocoder: SheetGeocoder = {
  byAddress: (address) => firstPlace({ address: address.slice(0, 300) }),
  byLatLng: (lat, lng) => firstPlace({ latlng: `${lat},${lng}` }),
};

/** Great-circle distance in kilometres (haversine, mean Earth radius). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The columns the step reads and fills. */
export interface GeocodeColumns {
  /** The address geocoded (e.g. 'Google Address'). */
  address: string;
  lat: string;
  lng: string;
  /** The hidden column receiving the place id; a row without one is not sent. */
  placeId: string;
  /** Receives the geocoder's formatted address when the row gave only coordinates (default: `address`). */
  formatted?: string;
}

/** Coordinates as typed: null when both are blank, 'bad' when they are not a latitude and a longitude. */
export function parseLatLng(latText: string, lngText: string): { lat: number; lng: number } | null | 'bad' {
  const [lt, lg] = [latText.trim(), lngText.trim()];
  if (lt === '' && lg === '') return null;
  const number = /^[+-]?\d+(\.\d+)?$/;
  if (!number.test(lt) || !number.test(lg)) return 'bad';
  const [lat, lng] = [Number(lt), Number(lg)];
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : 'bad';
}

/**
 * One row's geocoding (spec 000 sections 4, 5 and 9): an address is geocoded, and when coordinates are given too
 * they must lie within `maxKm` of the geocoded place ('Error: Distance more than 30kms'); coordinates alone are
 * reverse-geocoded. The place id goes into its hidden column, blank coordinates and address are filled in.
 */
export async function geocodeRow(values: RowValues, columns: GeocodeColumns, geocoder: SheetGeocoder, maxKm = 30): Promise<RowStep> {
  const address = (values[columns.address] ?? '').trim();
  const given = parseLatLng(values[columns.lat] ?? '', values[columns.lng] ?? '');
  if (!address && given === null) return { error: SHEET_TEXT.noPlace };
  if (given === 'bad') return { error: SHEET_TEXT.badLatLng };
  const place = address ? await geocoder.byAddress(address) : await geocoder.byLatLng(given!.lat, given!.lng);
  if (!place?.place_id) return { error: SHEET_TEXT.placeNotFound };
  const found = place.geometry.location;
  if (address && given && distanceKm(given, found) > maxKm) return { error: SHEET_TEXT.tooFar };
  const next: Record<string, string> = { ...values, [columns.placeId]: place.place_id };
  const formatted = columns.formatted ?? columns.address;
  if (!(next[formatted] ?? '').trim()) next[formatted] = place.formatted_address;
  if (!given) {
    next[columns.lat] = String(found.lat);
    next[columns.lng] = String(found.lng);
  }
  return { values: next };
}

/** The geocoding step, a few rows at a time (default 4) so a long sheet does not flood the geocoder. */
export function geocode(columns: GeocodeColumns, options: { geocoder?: SheetGeocoder; maxKm?: number; concurrency?: number } = {}): SheetProcessor {
  const { geocoder = platformGeocoder, maxKm = 30, concurrency = 4 } = options;
  return { name: 'geocode', concurrency, run: (values) => geocodeRow(values, columns, geocoder, maxKm) };
}
