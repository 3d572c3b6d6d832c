import { runtimeConfig } from '../data/services';
import { legCache } from './legCache';
import type { LatLngPoint, MapProvider } from './types';

/**
 * The map provider for this console, loaded on demand so that only pages showing a map download its code: Google
 * Maps when `/config.json` carries a key, else the offline provider (Leaflet on the built-in base map, or on the tile
 * server of `MAP_TILES_URL`).
 */
export async function loadMapProvider(): Promise<MapProvider> {
  const { googleMapsApiKey, mapTilesUrl } = runtimeConfig();
  if (googleMapsApiKey) return (await import('./google/googleProvider')).googleProvider(googleMapsApiKey);
  return (await import('./offline/offlineProvider')).offlineProvider(mapTilesUrl ?? null);
}

/**
 * Asks ahead for the directions' legs of an order the route may take (a row being dragged over others), so that the
 * map draws it at once if the operator drops it there.
 */
export function prefetchDirections(points: LatLngPoint[]): void {
  if (points.length < 2) return;
  void loadMapProvider()
    .then((provider) => legCache.prefetch(provider, points))
    .catch(() => undefined);
}
