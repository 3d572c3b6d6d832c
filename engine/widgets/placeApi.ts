import { callEndpoint, endpoint } from '../data/endpoint';
import { mapCalls } from '../../schemas/api/maps';
import { companyCalls } from '../../schemas/api/company';
import { placeCalls } from '../../schemas/api/places';
import type { KnownPlace } from '../../schemas/known-place';
import type { Scope } from '../scope/scope';
import { SEARCH_MIN_CHARS } from '../search';

const autocomplete = endpoint(mapCalls.autocomplete);
const details = endpoint(mapCalls.details);

/** A place as the geocoder returns it (Google's shape). */
export interface GeoPlace {
  place_id: string;
  name?: string;
  formatted_address: string;
  geometry: { location: { lat: number; lng: number } };
}

/** At most 10 suggestions, India only (spec 000 section 7), from the platform API's geocoder. */
export async function suggestPlaces(
  input: string,
  signal?: AbortSignal,
): Promise<{ place_id: string; description: string }[]> {
  if (input.trim().length < SEARCH_MIN_CHARS) return [];
  const result = await callEndpoint(autocomplete, { query: { input } }, { quiet: true, signal });
  return result.ok && Array.isArray(result.data) ? result.data.slice(0, 10) : [];
}

/** Details of a suggested place: its address and coordinates. */
export async function placeDetails(placeId: string): Promise<GeoPlace | null> {
  const result = await callEndpoint(details, { query: { place_id: placeId } });
  return result.ok && result.data ? result.data : null;
}

const geocodeCall = endpoint(mapCalls.geocode);

/** The first place the geocoder finds for `query` (an address, or `latlng` as 'lat,lng'), or null. */
async function geocodeFirst(
  query: { address: string } | { latlng: string },
  signal?: AbortSignal,
): Promise<GeoPlace | null> {
  const result = await callEndpoint(geocodeCall, { query }, { quiet: true, signal });
  return result.ok && Array.isArray(result.data) && result.data[0] ? result.data[0] : null;
}

/** An address to its place and coordinates (spec 000 section 4: entering an address fills the coordinates). */
export function geocodeAddress(address: string, signal?: AbortSignal): Promise<GeoPlace | null> {
  return address.trim() ? geocodeFirst({ address: address.trim().slice(0, 300) }, signal) : Promise.resolve(null);
}

/** Coordinates to the place there (spec 000 section 4: entering latitude and longitude reverse-geocodes the address). */
export function reverseGeocode(lat: number, lng: number, signal?: AbortSignal): Promise<GeoPlace | null> {
  return geocodeFirst({ latlng: `${lat},${lng}` }, signal);
}

const placeSearch = endpoint(companyCalls.placeSearch);
const placeFetch = endpoint(placeCalls.placeFetch);

/** A known place as the place search answers it (spec 000 section 7, Place search). */
export interface KnownPlaceHit {
  cpId: string;
  cpCode: string;
  label: string;
  address: string;
}

/** The company's known places (and those kept for its partners) whose label, code or address has `q`. */
export async function searchKnownPlaces(q: string, scope: Scope, signal?: AbortSignal): Promise<KnownPlaceHit[]> {
  if (!scope.companyId || q.trim().length < SEARCH_MIN_CHARS) return [];
  const result = await callEndpoint(
    placeSearch,
    { scope, query: { q: q.trim().slice(0, 100), children: true } },
    { quiet: true, signal },
  );
  return result.ok && Array.isArray(result.data) ? result.data.slice(0, 10) : [];
}

/** A known place in full (its Google place and radius), read by cpId; a TRANSPORTER's for the chosen consignor. */
export async function knownPlace(cpId: string, scope: Scope): Promise<KnownPlace | null> {
  const query = { cpId, ...(scope.consignorId ? { partnerId: scope.consignorId } : {}) };
  const result = await callEndpoint(placeFetch, { scope, query }, { quiet: true });
  return result.ok && Array.isArray(result.data) && result.data[0] ? result.data[0] : null;
}
