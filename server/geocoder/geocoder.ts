/**
 * The geocoding contract used by the maps endpoints (`/maps/place/autocomplete`, `/maps/place/details`,
 * `/maps/geocode`). Shapes follow the Google Places / Geocoding responses the screens were written against,
 * so any backend (our embedded gazetteer, Google, Nominatim, ...) can sit behind it.
 */

import type { Place, Suggestion } from '../../schemas/api/maps';

/** An autocomplete hit and a resolved place: the types of the maps calls' answer schemas (schemas/api/maps.ts). */
export type { Place, Suggestion };

/** A forward/reverse geocoder with place autocomplete. All methods resolve (never reject) for ordinary input. */
export interface Geocoder {
  /** Autocomplete: at most 10 places matching what the user has typed so far; `[]` for fewer than 2 characters. */
  suggest(input: string): Promise<Suggestion[]>;
  /** The place behind a `place_id` from `suggest`/`geocode`/`reverse`, or `null` if unknown. */
  details(placeId: string): Promise<Place | null>;
  /** Forward geocoding of a free-text address: best match first, `[]` when nothing matches. */
  geocode(address: string): Promise<Place[]>;
  /** Reverse geocoding: the nearest known place to a point, `[]` when there is none close enough. */
  reverse(lat: number, lng: number): Promise<Place[]>;
  /**
   * Resolves once the geocoder answers without a warm-up (its data loaded). The server awaits it before it listens,
   * so the first search after a start is as fast as the others. Optional: a remote geocoder has nothing to load.
   */
  ready?(): Promise<void>;
}
