import { runtimeConfig } from '../data/services';
import type { MapProvider } from './types';

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
