import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import '../map.css';
import { serverDirections } from '../directions';
import { originSourceLabel } from '../tiles';
import type { DirectionsResult, LatLngPoint, MapInstance, MapMarker, MapOptions, MapProvider } from '../types';
import { drawBaseMap, loadBaseMap } from './baseMap';

/** Colour of route lines (antd's primary blue), dashed when the line is a straight-line estimate. */
const ROUTE_STYLE = { color: '#1677ff', weight: 4, opacity: 0.85 };
const ESTIMATE_DASH = '8 8';

/** A marker's icon: a CSS pin with its label (no remote image, so nothing for the CSP to allow). */
function markerIcon(marker: MapMarker): L.DivIcon {
  const pin = document.createElement('span');
  pin.className = 'lego-map-pin';
  const label = pin.appendChild(document.createElement('span'));
  label.className = 'lego-map-pin-label';
  label.textContent = marker.label;
  const kind = marker.kind ?? 'waypoint';
  return L.divIcon({
    className: `lego-map-marker lego-map-marker-${kind}`,
    html: pin,
    iconSize: [28, 28],
    iconAnchor: [14, 28],
    popupAnchor: [0, -26],
  });
}

/** The popup's content as text, never HTML: titles come from operators. */
function popupContent(title: string): HTMLElement {
  const element = document.createElement('div');
  element.textContent = title;
  return element;
}

/** Mounts Leaflet: the built-in base map, or the XYZ tile server of `MAP_TILES_URL` when one is configured. */
async function mount(
  element: HTMLElement,
  { center, zoom, fitZoom = zoom }: MapOptions,
  tilesUrl: string | null,
): Promise<MapInstance> {
  const map = L.map(element, {
    center: [center.lat, center.lng],
    zoom,
    minZoom: 4,
    maxZoom: 18,
    zoomControl: true,
    attributionControl: true,
  });
  map.attributionControl.setPrefix(
    '<a href="https://leafletjs.com" target="_blank" rel="noopener noreferrer">Leaflet</a>',
  );
  element.classList.add(tilesUrl ? 'lego-map-tiled' : 'lego-map-offline');
  let removeBase: (() => void) | null = null;
  let destroyed = false;
  if (tilesUrl) {
    L.tileLayer(tilesUrl, { attribution: `Tiles: ${originSourceLabel(tilesUrl)}`, maxZoom: 19 }).addTo(map);
  } else {
    // The base map arrives after the map is shown; markers and lines are drawn meanwhile.
    void loadBaseMap().then((data) => {
      if (data && !destroyed) removeBase = drawBaseMap(L, map, data);
    });
  }
  const markers = L.layerGroup().addTo(map);
  const route = L.layerGroup().addTo(map);

  return {
    setMarkers(list) {
      markers.clearLayers();
      for (const marker of list) {
        L.marker([marker.position.lat, marker.position.lng], {
          icon: markerIcon(marker),
          title: marker.title,
          riseOnHover: true,
        })
          .bindPopup(popupContent(marker.title))
          .addTo(markers);
      }
    },
    // The view jumps to the markers, in the frame that shows them, without Leaflet's zoom animation: Leaflet 1.9 ends
    // that animation on a timer which, when the map is closed before it fires (a modal shut at once, a story left),
    // moves panes `remove()` took away and throws ('_leaflet_pos' of undefined, Leaflet issue 9575).
    fitBounds(points: LatLngPoint[]) {
      if (points.length === 1) map.setView([points[0].lat, points[0].lng], fitZoom, { animate: false });
      else if (points.length > 1)
        map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng])), {
          padding: [32, 32],
          maxZoom: fitZoom,
          animate: false,
        });
    },
    drawRoute(directions: DirectionsResult | null) {
      route.clearLayers();
      if (!directions || directions.path.length < 2) return;
      const estimate = directions.legs.some((leg) => leg.estimate);
      L.polyline(directions.path, {
        ...ROUTE_STYLE,
        dashArray: estimate ? ESTIMATE_DASH : undefined,
        interactive: false,
      }).addTo(route);
    },
    clear() {
      markers.clearLayers();
      route.clearLayers();
    },
    destroy() {
      destroyed = true;
      removeBase?.();
      map.remove();
    },
  };
}

/** The offline provider: Leaflet on the built-in base map (or a tile server), directions from the platform API. */
export function offlineProvider(tilesUrl: string | null): MapProvider {
  return {
    name: 'offline',
    mount: (element, options) => mount(element, options, tilesUrl),
    directions: (points) => serverDirections(points),
  };
}
