import type * as Leaflet from 'leaflet';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { FeatureCollection } from 'geojson';
import { isRecord } from '../../data/pick';

/** The base map's file: built by scripts/base-map.ts into public/, fetched only when an offline map is shown. */
export const BASE_MAP_URL = `${import.meta.env?.BASE_URL ?? '/'}map/india-base.json`;

/** The base map file: India's states (TopoJSON), neighbouring countries (GeoJSON), towns `[name, lat, lng, tier]`. */
export interface BaseMapData {
  attribution: string;
  states: Topology;
  neighbours: FeatureCollection;
  towns: [string, number, number, number][];
}

/** The smallest zoom at which each town tier is labelled (tier 1: a million people and more, … tier 4: 30,000). */
export const TOWN_TIER_ZOOM: Record<number, number> = { 1: 4, 2: 6, 3: 8, 4: 10 };
/** The closest zoom the base map has detail for (its smallest towns are labelled from there): the most a view opens at. */
export const BASE_MAP_DETAIL_ZOOM = Math.max(...Object.values(TOWN_TIER_ZOOM));
/** Most town labels drawn at once: the biggest in view win. */
export const MAX_TOWN_LABELS = 150;

/** Whether a fetched file is the base map: its parts of the kinds the map draws (a file of another shape is none). */
const isBaseMap = (data: unknown): data is BaseMapData =>
  isRecord(data) &&
  typeof data.attribution === 'string' &&
  isRecord(data.states) &&
  data.states.type === 'Topology' &&
  isRecord(data.neighbours) &&
  data.neighbours.type === 'FeatureCollection' &&
  Array.isArray(data.towns);

let loading: Promise<BaseMapData | null> | null = null;

/** The base map, fetched once per page; null when it cannot be had (the map then shows markers on a plain ground). */
export function loadBaseMap(fetcher: typeof fetch = fetch): Promise<BaseMapData | null> {
  loading ??= fetcher(BASE_MAP_URL)
    .then((res) => (res.ok ? res.json().then((data: unknown) => (isBaseMap(data) ? data : null)) : null))
    .catch(() => null)
    .then((data) => {
      if (!data) loading = null; // try again with the next map
      return data;
    });
  return loading;
}

/** Towns to label in a view: allowed at this zoom, inside the bounds, biggest first, at most {@link MAX_TOWN_LABELS}. */
export function townsInView(
  towns: BaseMapData['towns'],
  zoom: number,
  bounds: { contains(point: [number, number]): boolean },
): BaseMapData['towns'] {
  const shown: BaseMapData['towns'] = [];
  for (const town of towns) {
    if (zoom < TOWN_TIER_ZOOM[town[3]] || !bounds.contains([town[1], town[2]])) continue;
    shown.push(town);
    if (shown.length === MAX_TOWN_LABELS) break;
  }
  return shown;
}

/** Roughly how much room a label takes, in pixels, around its town's point (labels are centred on it). */
const labelBox = (name: string, tier: number) => ({
  halfWidth: name.length * (tier === 1 ? 3.8 : 3.3) + 6,
  halfHeight: 8,
});

/**
 * The towns whose labels do not overlap a bigger town's label: towns come biggest first, and each is kept only if its
 * box is clear of the boxes kept so far, so a metropolis is never hidden by its suburbs.
 */
export function declutter(
  towns: BaseMapData['towns'],
  toPixel: (town: BaseMapData['towns'][number]) => { x: number; y: number },
): BaseMapData['towns'] {
  const kept: { x: number; y: number; halfWidth: number; halfHeight: number }[] = [];
  return towns.filter((town) => {
    const { x, y } = toPixel(town);
    const box = { x, y, ...labelBox(town[0], town[3]) };
    if (
      kept.some(
        (k) => Math.abs(k.x - x) < k.halfWidth + box.halfWidth && Math.abs(k.y - y) < k.halfHeight + box.halfHeight,
      )
    )
      return false;
    kept.push(box);
    return true;
  });
}

/**
 * Draws the base map on a Leaflet map, under everything else: neighbours, India's states with their borders, and town
 * labels that follow the view. Returns what removes it again.
 */
export function drawBaseMap(L: typeof Leaflet, map: Leaflet.Map, data: BaseMapData): () => void {
  // Shapes, then town labels in a pane of their own above them (marker z-indexes are not comparable with an SVG's),
  // both under Leaflet's overlays (400) and markers (600).
  map.createPane('lego-base').style.zIndex = '250';
  map.createPane('lego-towns').style.zIndex = '260';
  const neighbours = L.geoJSON(data.neighbours, {
    pane: 'lego-base',
    interactive: false,
    style: { color: '#b9b3a6', weight: 1, fillColor: '#ece8df', fillOpacity: 1 },
  });
  const states = L.geoJSON(feature(data.states, data.states.objects.states), {
    pane: 'lego-base',
    interactive: false,
    style: { color: '#8d8574', weight: 1, fillColor: '#fbf7ee', fillOpacity: 1 },
  });
  const towns = L.layerGroup([], { pane: 'lego-towns' });
  const refresh = () => {
    towns.clearLayers();
    const inView = townsInView(data.towns, map.getZoom(), map.getBounds().pad(0.1));
    for (const [name, lat, lng, tier] of declutter(inView, (town) => map.latLngToContainerPoint([town[1], town[2]]))) {
      const label = document.createElement('span');
      label.textContent = name;
      const icon = L.divIcon({ className: `lego-map-town lego-map-town-${tier}`, html: label, iconSize: undefined });
      towns.addLayer(L.marker([lat, lng], { icon, interactive: false, keyboard: false, pane: 'lego-towns' }));
    }
  };
  for (const layer of [neighbours, states, towns]) layer.addTo(map);
  refresh();
  map.on('moveend', refresh);
  map.attributionControl.addAttribution(data.attribution);
  return () => {
    map.off('moveend', refresh);
    map.attributionControl.removeAttribution(data.attribution);
    for (const layer of [neighbours, states, towns]) layer.remove();
  };
}
