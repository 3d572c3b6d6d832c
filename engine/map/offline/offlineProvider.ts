import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import '../map.css';
import { serverDirections } from '../directions';
import { originSourceLabel } from '../tiles';
import type {
  DirectionsResult,
  LatLngPoint,
  MapCircle,
  MapInstance,
  MapMarker,
  MapOptions,
  MapProvider,
  MarkerMoved,
  TrackLines,
} from '../types';
import { BASE_MAP_DETAIL_ZOOM, drawBaseMap, loadBaseMap } from './baseMap';
import { cooperativeWheel } from './cooperativeWheel';

/** Colour of route lines (antd's primary blue), dashed when the line is a straight-line estimate. */
const ROUTE_STYLE = { color: '#1677ff', weight: 4, opacity: 0.85 };
const ESTIMATE_DASH = '8 8';

/** A trip's driven track (dark teal, under the markers) and its planned path (grey, dashed). */
const TRACK_STYLE = { color: '#08979c', weight: 4, opacity: 0.9 };
const PLANNED_STYLE = { color: '#8c8c8c', weight: 3, opacity: 0.8, dashArray: '6 8' };

/** A geofence: antd's primary blue, translucent, under the markers. */
const CIRCLE_STYLE = { color: '#1677ff', weight: 2, opacity: 0.9, fillColor: '#1677ff', fillOpacity: 0.12 };

/** A timer id as `clearTimeout` takes it (a number in the browser, an object in Node). */
const isTimer = (value: unknown): value is Parameters<typeof clearTimeout>[0] =>
  typeof value === 'number' || (typeof value === 'object' && value !== null);

/**
 * Cancels a wheel zoom under way: Leaflet 1.9's scroll-wheel zoom ends on a timer (its `_timer`) that, when the map is
 * removed first (a modal shut just after Ctrl + wheel), reads panes `remove()` took away and throws.
 */
function cancelWheelZoom(map: L.Map): void {
  const handler: object = map.scrollWheelZoom;
  if ('_timer' in handler && isTimer(handler._timer)) clearTimeout(handler._timer);
}

/** An alert's icon: a dot of its type's colour. */
function alertIcon(marker: MapMarker): L.DivIcon {
  const dot = document.createElement('span');
  dot.className = 'lego-map-alert';
  dot.style.background = marker.color ?? '#cf1322';
  return L.divIcon({ className: 'lego-map-marker', html: dot, iconSize: [16, 16], iconAnchor: [8, 8] });
}

/** The vehicle's icon on a replay. */
function cursorIcon(): L.DivIcon {
  const dot = document.createElement('span');
  dot.className = 'lego-map-cursor';
  return L.divIcon({ className: 'lego-map-marker', html: dot, iconSize: [22, 22], iconAnchor: [11, 11] });
}

/** A marker's icon: a CSS pin with its label (no remote image, so nothing for the CSP to allow). */
function markerIcon(marker: MapMarker): L.DivIcon {
  if (marker.kind === 'alert') return alertIcon(marker);
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

/**
 * Mounts Leaflet: the built-in base map, or the XYZ tile server of `MAP_TILES_URL` when one is configured. On the
 * built-in base map a view opens and fits no closer than {@link BASE_MAP_DETAIL_ZOOM}: at a place's zoom (15) it would
 * be one blank square of a state's colour; the operator may still zoom in.
 */
async function mount(element: HTMLElement, options: MapOptions, tilesUrl: string | null): Promise<MapInstance> {
  const { center, fit } = options;
  const most = tilesUrl ? Number.POSITIVE_INFINITY : BASE_MAP_DETAIL_ZOOM;
  const zoom = Math.min(options.zoom, most);
  const fitZoom = Math.min(options.fitZoom ?? options.zoom, most);
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
  const removeWheel = cooperativeWheel(element);
  let removeBase: (() => void) | null = null;
  let destroyed = false;
  if (tilesUrl) {
    L.tileLayer(tilesUrl, { attribution: `Tiles: ${originSourceLabel(tilesUrl)}`, maxZoom: 19 }).addTo(map);
  } else {
    // The base map arrives after the map is shown; markers and lines are drawn meanwhile. The element says when it is
    // drawn (`data-base-map`: drawn, or none when it cannot be had), which the stories' visual captures wait for.
    void loadBaseMap().then((data) => {
      if (destroyed) return;
      if (data) removeBase = drawBaseMap(L, map, data);
      element.dataset.baseMap = data ? 'drawn' : 'none';
    });
  }
  const track = L.layerGroup().addTo(map);
  // A trip's track has thousands of points: drawn on a canvas, which Leaflet paints far faster than an SVG path.
  const trackRenderer = L.canvas({ padding: 0.5 });
  const circle = L.layerGroup().addTo(map);
  const markers = L.layerGroup().addTo(map);
  const route = L.layerGroup().addTo(map);
  let cursor: L.Marker | null = null;

  const instance: MapInstance = {
    setMarkers(list, onMove?: MarkerMoved) {
      markers.clearLayers();
      list.forEach((marker, index) => {
        const drawn = L.marker([marker.position.lat, marker.position.lng], {
          icon: markerIcon(marker),
          title: marker.title,
          riseOnHover: true,
          draggable: Boolean(marker.draggable),
          autoPan: true,
        })
          .bindPopup(popupContent(marker.title))
          .addTo(markers);
        if (marker.draggable)
          drawn.on('dragend', () => {
            const { lat, lng } = drawn.getLatLng();
            onMove?.(index, { lat, lng });
          });
      });
    },
    drawCircle(geofence: MapCircle | null) {
      circle.clearLayers();
      if (!geofence || !(geofence.radiusKm > 0)) return;
      L.circle([geofence.center.lat, geofence.center.lng], {
        ...CIRCLE_STYLE,
        radius: geofence.radiusKm * 1000,
        interactive: false,
        className: 'lego-map-geofence',
      }).addTo(circle);
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
    drawTrack(lines: TrackLines | null) {
      track.clearLayers();
      if (!lines) return;
      const toLeaflet = (points: LatLngPoint[]) => points.map((p): L.LatLngTuple => [p.lat, p.lng]);
      if (lines.planned.length > 1)
        L.polyline(toLeaflet(lines.planned), { ...PLANNED_STYLE, interactive: false, renderer: trackRenderer }).addTo(
          track,
        );
      if (lines.driven.length > 1)
        L.polyline(toLeaflet(lines.driven), { ...TRACK_STYLE, interactive: false, renderer: trackRenderer }).addTo(
          track,
        );
    },
    setCursor(point: LatLngPoint | null, title?: string) {
      if (!point) {
        cursor?.remove();
        cursor = null;
      } else if (cursor) cursor.setLatLng([point.lat, point.lng]);
      else
        cursor = L.marker([point.lat, point.lng], {
          icon: cursorIcon(),
          title,
          zIndexOffset: 1000,
          interactive: false,
          keyboard: false,
        }).addTo(map);
    },
    panTo(point: LatLngPoint) {
      map.panTo([point.lat, point.lng], { animate: false });
    },
    clear() {
      markers.clearLayers();
      circle.clearLayers();
      route.clearLayers();
      track.clearLayers();
      cursor?.remove();
      cursor = null;
    },
    destroy() {
      destroyed = true;
      removeWheel();
      cancelWheelZoom(map);
      removeBase?.();
      map.remove();
    },
  };
  if (fit?.length) instance.fitBounds(fit);
  return instance;
}

/** The offline provider: Leaflet on the built-in base map (or a tile server), directions from the platform API. */
export function offlineProvider(tilesUrl: string | null): MapProvider {
  return {
    name: 'offline',
    mount: (element, options) => mount(element, options, tilesUrl),
    directions: (points) => serverDirections(points),
  };
}
