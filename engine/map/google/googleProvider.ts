/// <reference types="google.maps" />
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { serverDirections } from '../directions';
import type {
  DirectionsResult,
  LatLngPoint,
  MapCircle,
  MapInstance,
  MapOptions,
  MapProvider,
  MarkerMoved,
  TrackLines,
} from '../types';

let configuredKey: string | null = null;

/** The Maps JavaScript API's options, set once per page (the loader refuses a second, different set). */
function configure(key: string): void {
  if (configuredKey === key) return;
  setOptions({ key, v: 'weekly', region: 'IN', language: 'en' });
  configuredKey = key;
}

const ROUTE_STYLE = { strokeColor: '#1677ff', strokeWeight: 4, strokeOpacity: 0.85 };
/** A trip's driven track and its planned path, as on the offline map. */
const TRACK_STYLE = { strokeColor: '#08979c', strokeWeight: 4, strokeOpacity: 0.9 };
const PLANNED_COLOR = '#8c8c8c';
/** A geofence, as the offline map draws it. */
const CIRCLE_STYLE = {
  strokeColor: '#1677ff',
  strokeWeight: 2,
  strokeOpacity: 0.9,
  fillColor: '#1677ff',
  fillOpacity: 0.12,
};

/** Google's colour scheme for the page's (`<html data-theme>`, set by the app); Google takes it once, at mount. */
export const colorSchemeOfPage = (): 'DARK' | 'LIGHT' =>
  document.documentElement.dataset.theme === 'dark' ? 'DARK' : 'LIGHT';

/** Dash symbols instead of a stroke: a dashed line, as the offline map draws it. */
const dashedLine = (color: string) => ({
  strokeOpacity: 0,
  icons: [
    { icon: { path: 'M 0,-1 0,1', strokeOpacity: 0.85, strokeColor: color, scale: 3 }, offset: '0', repeat: '16px' },
  ],
});

async function mount(element: HTMLElement, { center, zoom, fitZoom = zoom, fit }: MapOptions): Promise<MapInstance> {
  const [{ Map: GoogleMap, Polyline, InfoWindow, Circle }, { Marker }, { LatLngBounds, event, SymbolPath }] =
    await Promise.all([importLibrary('maps'), importLibrary('marker'), importLibrary('core')]);
  const map = new GoogleMap(element, {
    center,
    zoom,
    mapTypeControl: false,
    streetViewControl: false,
    fullscreenControl: false,
    // The wheel scrolls the page; Ctrl + wheel zooms, and Google says so over the map (as the offline map does).
    gestureHandling: 'cooperative',
    colorScheme: colorSchemeOfPage(),
  });
  let circle: google.maps.Circle | null = null;
  const info = new InfoWindow();
  let markers: google.maps.Marker[] = [];
  let lines: google.maps.Polyline[] = [];
  let trackLines: google.maps.Polyline[] = [];
  let cursor: google.maps.Marker | null = null;
  const clearTrack = () => {
    for (const line of trackLines) line.setMap(null);
    trackLines = [];
  };
  const clearLines = () => {
    for (const line of lines) line.setMap(null);
    lines = [];
  };
  const clearMarkers = () => {
    for (const marker of markers) marker.setMap(null);
    markers = [];
  };
  const instance: MapInstance = {
    setMarkers(list, onMove?: MarkerMoved) {
      clearMarkers();
      markers = list.map((item, index) => {
        // The classic Marker takes a text label; AdvancedMarkerElement would need a map id configured in Google Cloud.
        const marker =
          item.kind === 'alert'
            ? new Marker({
                map,
                position: item.position,
                title: item.title,
                icon: {
                  path: SymbolPath.CIRCLE,
                  scale: 7,
                  fillColor: item.color ?? '#cf1322',
                  fillOpacity: 1,
                  strokeColor: '#fff',
                  strokeWeight: 2,
                },
              })
            : new Marker({
                map,
                position: item.position,
                label: item.label,
                title: item.title,
                draggable: Boolean(item.draggable),
              });
        if (item.draggable)
          marker.addListener('dragend', () => {
            const dropped = marker.getPosition();
            if (dropped) onMove?.(index, { lat: dropped.lat(), lng: dropped.lng() });
          });
        marker.addListener('click', () => {
          // Text content, never HTML: titles come from operators.
          const content = document.createElement('div');
          content.textContent = item.title;
          info.setContent(content);
          info.open({ map, anchor: marker });
        });
        return marker;
      });
    },
    fitBounds(points: LatLngPoint[]) {
      if (points.length === 1) {
        map.setCenter(points[0]);
        map.setZoom(fitZoom);
      } else if (points.length > 1) {
        const bounds = new LatLngBounds();
        for (const point of points) bounds.extend(point);
        map.fitBounds(bounds, 32);
        // Google has no most-zoom for a fit: close nearby points no further in than a single one is shown.
        event.addListenerOnce(map, 'idle', () => (map.getZoom() ?? 0) > fitZoom && map.setZoom(fitZoom));
      }
    },
    drawCircle(geofence: MapCircle | null) {
      circle?.setMap(null);
      circle = null;
      if (!geofence || !(geofence.radiusKm > 0)) return;
      circle = new Circle({
        map,
        center: geofence.center,
        radius: geofence.radiusKm * 1000,
        clickable: false,
        ...CIRCLE_STYLE,
      });
    },
    drawRoute(directions: DirectionsResult | null) {
      clearLines();
      if (!directions || directions.path.length < 2) return;
      const estimate = directions.legs.some((leg) => leg.estimate);
      const path = directions.path.map(([lat, lng]) => ({ lat, lng }));
      // A straight-line estimate is dashed, as on the offline map.
      lines = [new Polyline({ map, path, ...ROUTE_STYLE, ...(estimate ? dashedLine(ROUTE_STYLE.strokeColor) : {}) })];
    },
    drawTrack(track: TrackLines | null) {
      clearTrack();
      if (!track) return;
      if (track.planned.length > 1)
        trackLines.push(new Polyline({ map, path: track.planned, clickable: false, ...dashedLine(PLANNED_COLOR) }));
      if (track.driven.length > 1)
        trackLines.push(new Polyline({ map, path: track.driven, clickable: false, ...TRACK_STYLE }));
    },
    setCursor(point: LatLngPoint | null, title?: string) {
      if (!point) {
        cursor?.setMap(null);
        cursor = null;
      } else if (cursor) cursor.setPosition(point);
      else
        cursor = new Marker({
          map,
          position: point,
          title,
          zIndex: 1000,
          clickable: false,
          icon: {
            path: SymbolPath.CIRCLE,
            scale: 8,
            fillColor: '#1f1f1f',
            fillOpacity: 1,
            strokeColor: '#fff',
            strokeWeight: 3,
          },
        });
    },
    panTo(point: LatLngPoint) {
      map.panTo(point);
    },
    clear() {
      clearMarkers();
      clearLines();
      clearTrack();
      circle?.setMap(null);
      circle = null;
      cursor?.setMap(null);
      cursor = null;
    },
    destroy() {
      clearMarkers();
      clearLines();
      clearTrack();
      circle?.setMap(null);
      cursor?.setMap(null);
      info.close();
      element.replaceChildren();
    },
  };
  if (fit?.length) instance.fitBounds(fit);
  return instance;
}

/** Google's driving directions through the points as the map's directions (metres to km, seconds to minutes). */
export function fromGoogleRoute(route: google.maps.DirectionsRoute): DirectionsResult {
  const legs = route.legs.map((leg) => ({
    distanceKm: Math.round((leg.distance?.value ?? 0) / 100) / 10,
    durationMin: leg.duration ? Math.round(leg.duration.value / 60) : null,
    estimate: false,
  }));
  return {
    source: 'google',
    legs,
    path: route.overview_path.map((point) => [point.lat(), point.lng()]),
    distanceKm: Math.round(legs.reduce((sum, leg) => sum + leg.distanceKm, 0) * 10) / 10,
  };
}

/** Driving directions from Google's DirectionsService; the platform API's answer (OSRM or straight legs) if it fails. */
async function directions(points: LatLngPoint[]): Promise<DirectionsResult | null> {
  if (points.length < 2) return null;
  try {
    const { DirectionsService, TravelMode } = await importLibrary('routes');
    const answer = await new DirectionsService().route({
      origin: points[0],
      destination: points[points.length - 1],
      waypoints: points.slice(1, -1).map((location) => ({ location, stopover: true })),
      travelMode: TravelMode.DRIVING,
      region: 'IN',
    });
    const route = answer.routes[0];
    if (route) return fromGoogleRoute(route);
  } catch {
    // ZERO_RESULTS, quota, network: the server's directions say what they are (roads or estimates).
  }
  return serverDirections(points);
}

/** The Google provider: the Maps JavaScript API with the configured key, markers, driving directions. */
export function googleProvider(key: string): MapProvider {
  return {
    name: 'google',
    mount: (element, options) => {
      configure(key);
      return mount(element, options);
    },
    directions: (points) => {
      configure(key);
      return directions(points);
    },
  };
}
