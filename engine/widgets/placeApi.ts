import { callEndpoint, endpoint } from '../data/endpoint';
import { mapCalls } from '../../schemas/api/maps';

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
export async function suggestPlaces(input: string, signal?: AbortSignal): Promise<{ place_id: string; description: string }[]> {
  if (input.trim().length < 2) return [];
  const result = await callEndpoint<{ place_id: string; description: string }[]>(autocomplete, { query: { input } }, { quiet: true, signal });
  return result.ok && Array.isArray(result.data) ? result.data.slice(0, 10) : [];
}

/** Details of a suggested place: its address and coordinates. */
export async function placeDetails(placeId: string): Promise<GeoPlace | null> {
  const result = await callEndpoint<GeoPlace>(details, { query: { place_id: placeId } });
  return result.ok && result.data ? result.data : null;
}
