import {
  KNOWN_PLACE_MAX_DISTANCE_KM,
  KNOWN_PLACE_MSG,
  knownPlaceRowSchema,
  type KnownPlaceRowResult,
} from '../../schemas/known-place';
import type { Geocoder, Place } from '../geocoder/geocoder';
import { distanceKm } from '../../schemas/haversine';
import { checked } from '../http/validation';
import { placeRepository, type NewPlace } from '../repos/place-repository';
import type { PartnerOwner } from '../repos/scope-repository';
import type { Store } from '../store/store';
import { saveReadRows, saveReadRowsAll, type RowRead } from './bulk-rows';

/** A row read: the place to store, or its error texts. */
export type PlaceRead = RowRead<NewPlace>;

/** The sheet calls the code column Code: a text naming the field cpCode names it so (spec 000 section 7). */
export const sheetText = (text: string) => text.replace(/\bcpCode\b/g, 'Code');

/** Places stored by one statement of a bulk upload (each chunk its own transaction unless all or none). */
const PLACES_PER_CHUNK = 200;

/**
 * The place the geocoder knows for a row: by its Google place id, else by its Google address (or address); null when
 * it knows neither (a place of another geocoder), in which case there is nothing to compare the coordinates with.
 * `exact`: found by its id (not a best match of its address).
 */
async function geocoded(
  geocoder: Geocoder,
  row: NewPlace,
  byAddress: boolean,
): Promise<{ place: Place; exact: boolean } | null> {
  const byId = await geocoder.details(row.google.place_id);
  if (byId) return { place: byId, exact: true };
  if (!byAddress) return null;
  const text = row.google.formatted_address || row.address;
  const best = text ? (await geocoder.geocode(text))[0] : undefined;
  return best ? { place: best, exact: false } : null;
}

/**
 * One row of a create, checked on its own: the schema's texts (cpCode named Code), then the 30 km rule: coordinates
 * sent with the row more than 30 km from the geocoded place refuse it ('Error: Distance more than 30kms'). A row
 * without coordinates takes the geocoded place's; the Google address missing is filled in the same way.
 */
export async function readPlaceRow(geocoder: Geocoder, raw: unknown): Promise<PlaceRead> {
  const result = checked(knownPlaceRowSchema, raw);
  if ('errors' in result) return { refused: result.errors.map(sheetText) };
  const { label, address, cpCode, geofenceRadius, google } = result.value;
  const given = google.geometry?.location && { lat: google.geometry.location.lat, lng: google.geometry.location.lng };
  // Only the fields of Google's place are kept (the schema lets others through).
  const stored: NewPlace['google'] = {
    place_id: google.place_id,
    ...(google.formatted_address && { formatted_address: google.formatted_address }),
    ...(given && { geometry: { location: given } }),
  };
  const row: NewPlace = {
    label: label.trim(),
    address: address.trim(),
    cpCode: cpCode.trim(),
    geofenceRadius,
    google: stored,
  };
  // A guess by address serves only to check coordinates the row brings.
  const match = await geocoded(geocoder, row, given !== undefined);
  if (!match) return { row };
  const found = match.place;
  if (given && distanceKm(given, found.geometry.location) > KNOWN_PLACE_MAX_DISTANCE_KM)
    return { refused: [KNOWN_PLACE_MSG.tooFar] };
  // Coordinates and address are filled in only from the place the id names, never from a best guess by address.
  if (!match.exact) return { row };
  row.google = {
    place_id: google.place_id,
    formatted_address: google.formatted_address || found.formatted_address,
    geometry: { location: given ?? found.geometry.location },
  };
  return { row };
}

/** Reads every row (one geocoder look-up each), in order. */
async function readAll(geocoder: Geocoder, body: unknown[]): Promise<PlaceRead[]> {
  const reads: PlaceRead[] = [];
  for (const raw of body) reads.push(await readPlaceRow(geocoder, raw));
  return reads;
}

/** The bulk create (bulkUpload=true): one answer per row in the body's order, `{cpId}` or the row's error texts (see {@link saveReadRows}). */
export async function savePlaceRows(
  store: Store,
  geocoder: Geocoder,
  owner: PartnerOwner,
  body: unknown[],
  allOrNone: boolean,
  by: string,
): Promise<KnownPlaceRowResult[]> {
  // One upload's places are saved at one time (in chunks, some one by one): the list shows them together, by label.
  const at = Date.now();
  const answers = await saveReadRows(store, await readAll(geocoder, body), allOrNone, {
    insertMany: (q, rows) => placeRepository.insertMany(q, owner, rows, by, at),
    duplicate: KNOWN_PLACE_MSG.duplicateCode,
    chunk: PLACES_PER_CHUNK,
  });
  return answers.map((answer) => (Array.isArray(answer) ? answer : { cpId: answer.id }));
}

/** The form's create (no bulkUpload): every row must pass, then all are stored or none (see {@link saveReadRowsAll}). */
export async function savePlacesAll(
  store: Store,
  geocoder: Geocoder,
  owner: PartnerOwner,
  body: unknown[],
  by: string,
): Promise<{ cpId: string }[]> {
  const ids = await saveReadRowsAll(store, await readAll(geocoder, body), {
    insertMany: (q, rows) => placeRepository.insertMany(q, owner, rows, by),
    duplicate: KNOWN_PLACE_MSG.duplicateCode,
  });
  return ids.map((cpId) => ({ cpId }));
}

/** A Google place as a body or a stored place carries it: its id and coordinates. */
interface GooglePoint {
  place_id?: string;
  geometry?: { location?: { lat: number; lng: number } };
}

/**
 * Whether an edit keeps the stored Google place: the edit form shows the Google address and coordinates read-only and
 * sends back what it read (or nothing); a body that names another place or other coordinates is refused.
 */
export function keepsGooglePlace(sent: GooglePoint | undefined, stored: GooglePoint): boolean {
  if (!sent) return true;
  const at = sent.geometry?.location;
  const was = stored.geometry?.location;
  return sent.place_id === stored.place_id && (!at || (!!was && at.lat === was.lat && at.lng === was.lng));
}
