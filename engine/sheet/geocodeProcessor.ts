import DataLoader from 'dataloader';
import { callEndpoint, endpoint } from '../data/endpoint';
import { mapCalls } from '../../schemas/api/maps';
import type { GeoPlace } from '../widgets/placeApi';
import type { RowStep, RowValues, SheetProcessor } from './processors';
import { SHEET_TEXT } from './sheetText';
import { readLatLng } from '../../schemas/formats';
import { distanceKm, GEOCODE_TOLERANCE_KM } from '../../schemas/haversine';

export { distanceKm };

/** What the geocoding step needs of a geocoder: the best place for an address, and for coordinates. */
export interface SheetGeocoder {
  byAddress(address: string): Promise<GeoPlace | null>;
  byLatLng(lat: number, lng: number): Promise<GeoPlace | null>;
}

const geocodeBatchCall = endpoint(mapCalls.geocodeBatch);

/** One lookup as the batch call takes it: an address or coordinates. */
type Lookup = { address: string } | { latlng: string };

/** Lookups sent in one call at most: a third of a full known-place sheet, so a slow answer still shows progress. */
const BATCH_SIZE = 200;

/**
 * The platform API's geocoder (POST /maps/geocode/batch), forward and reverse. The rows a step starts in the same
 * tick are gathered by a DataLoader into calls of up to {@link BATCH_SIZE} lookups, so a 600-row sheet costs three
 * requests, not 600; the same address twice is looked up once. A failed call fails its rows (each row says so).
 */
export function batchGeocoder({ cache = true }: { cache?: boolean } = {}): SheetGeocoder {
  const loader = new DataLoader<Lookup, GeoPlace | null, string>(
    async (items) => {
      const result = await callEndpoint(geocodeBatchCall, { body: { items: [...items] } }, { quiet: true });
      if (!result.ok || !Array.isArray(result.data)) return items.map(() => new Error(SHEET_TEXT.fetchFailed));
      return items.map((_, i) => result.data?.[i] ?? null);
    },
    // The same lookup twice is one key: its JSON text.
    { maxBatchSize: BATCH_SIZE, cache, cacheKeyFn: (lookup) => JSON.stringify(lookup) },
  );
  return {
    byAddress: (address) => loader.load({ address: address.slice(0, 300) }),
    byLatLng: (lat, lng) => loader.load({ latlng: `${lat},${lng}` }),
  };
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
  return lt.includes(',') || lg.includes(',') ? 'bad' : (readLatLng(`${lt},${lg}`) ?? 'bad');
}

/**
 * One row's geocoding (spec 000 sections 4, 5 and 9): an address is geocoded, and when coordinates are given too
 * they must lie within `maxKm` of the geocoded place ('Error: Distance more than 30kms'); coordinates alone are
 * reverse-geocoded. The place id goes into its hidden column, blank coordinates and address are filled in.
 */
export async function geocodeRow(
  values: RowValues,
  columns: GeocodeColumns,
  geocoder: SheetGeocoder,
  maxKm = GEOCODE_TOLERANCE_KM,
): Promise<RowStep> {
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

/**
 * The geocoding step. With the platform API's geocoder (the default, a fresh batching one per submit) every row
 * starts at once and the lookups travel in batches; another geocoder goes a few rows at a time (default 4).
 */
export function geocode(
  columns: GeocodeColumns,
  options: { geocoder?: SheetGeocoder; maxKm?: number; concurrency?: number } = {},
): SheetProcessor<SheetGeocoder> {
  const { maxKm = GEOCODE_TOLERANCE_KM } = options;
  return {
    name: `geocode ${columns.address}`,
    concurrency: options.concurrency ?? (options.geocoder ? 4 : Number.MAX_SAFE_INTEGER),
    prepare: () => options.geocoder ?? batchGeocoder(),
    run: (values, geocoder) => geocodeRow(values, columns, geocoder, maxKm),
  };
}
