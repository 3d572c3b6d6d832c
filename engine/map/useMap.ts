import { type RefObject, useEffect, useState } from 'react';
import { INDIA_VIEW } from './markers';
import { loadMapProvider } from './provider';
import type { LatLngPoint, MapInstance, MapProvider } from './types';

/** A map mounted by {@link useMap}: its instance and the provider that drew it, or where the mount stands. */
export type MountedMap =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; instance: MapInstance; provider: MapProvider };

/**
 * Mounts a map in `element` once per provider and zoom, opening fitted to `fit`, or on `first` (else on all of India,
 * closing in to `zoom` on what it is given later), and unmounts it with the component. The provider's code (Leaflet or Google) and the
 * base map load with the first map, never with the page.
 */
export function useMap(
  element: RefObject<HTMLElement | null>,
  { provider, zoom, first, fit }: { provider?: MapProvider; zoom: number; first?: LatLngPoint; fit?: LatLngPoint[] },
): MountedMap {
  const [map, setMap] = useState<MountedMap>({ state: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the map mounts once per provider and zoom, opening on the first point it has then
  useEffect(() => {
    let instance: MapInstance | null = null;
    let gone = false;
    (async () => {
      const chosen = provider ?? (await loadMapProvider());
      if (gone || !element.current) return;
      instance = await chosen.mount(
        element.current,
        first ? { center: first, zoom, fit } : { center: INDIA_VIEW.center, zoom: INDIA_VIEW.zoom, fitZoom: zoom, fit },
      );
      if (gone) instance.destroy();
      else setMap({ state: 'ready', instance, provider: chosen });
    })().catch(() => !gone && setMap({ state: 'failed' }));
    return () => {
      gone = true;
      instance?.destroy();
      setMap({ state: 'loading' });
    };
  }, [provider, zoom]);
  return map;
}
