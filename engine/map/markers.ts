import type { LatLngPoint, MapCircle, MapMarker } from './types';

/** Default zoom of maps on route screens (spec 000 section 9). */
export const ROUTE_MAP_ZOOM = 10;
/** Default zoom of maps on known place and waypoint screens (spec 000 section 9). */
export const PLACE_MAP_ZOOM = 15;
/** Height of the map in the map modal, in pixels (spec 000 sections 2.10 and 9). */
export const MAP_MODAL_HEIGHT = 400;
/** Where a map with nothing on it opens: the middle of India, the whole country in view. */
export const INDIA_VIEW = { center: { lat: 22.5, lng: 79 }, zoom: 5 } as const;

/** A place shown on a map: where it is and what its popup says. */
export interface MapPlace extends LatLngPoint {
  title: string;
}

/** Origin 'O', destination 'D' (spec 000 section 2.5). */
export const ORIGIN_LABEL = 'O';
export const DESTINATION_LABEL = 'D';

/**
 * The markers of a route in driving order: the origin labelled 'O', the waypoints '1', '2'… in their sequence, the
 * destination 'D'. A missing end is left out (a route being drawn up may have only some of its places).
 */
export function routeMarkers({
  origin,
  waypoints = [],
  destination,
}: {
  origin?: MapPlace | null;
  waypoints?: MapPlace[];
  destination?: MapPlace | null;
}): MapMarker[] {
  const marker = (place: MapPlace, label: string, kind: MapMarker['kind']): MapMarker => ({
    position: { lat: place.lat, lng: place.lng },
    label,
    title: place.title,
    kind,
  });
  return [
    ...(origin ? [marker(origin, ORIGIN_LABEL, 'origin')] : []),
    ...waypoints.map((place, i) => marker(place, String(i + 1), 'waypoint')),
    ...(destination ? [marker(destination, DESTINATION_LABEL, 'destination')] : []),
  ];
}

/** The marker of one place (a known place's 'Show'): labelled with the first letter of its title. */
export function placeMarker(place: MapPlace): MapMarker {
  return {
    position: { lat: place.lat, lng: place.lng },
    label: place.title.trim().charAt(0).toUpperCase() || '•',
    title: place.title,
    kind: 'place',
  };
}

/** South-west and north-east corners of points, or null for none. */
export function boundsOf(points: LatLngPoint[]): [LatLngPoint, LatLngPoint] | null {
  if (!points.length) return null;
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  return [
    { lat: Math.min(...lats), lng: Math.min(...lngs) },
    { lat: Math.max(...lats), lng: Math.max(...lngs) },
  ];
}

/** Kilometres in a degree of latitude (and of longitude at the equator). */
const KM_PER_DEGREE = 111.32;

/**
 * The four points where a circle's edge is furthest north, south, east and west: what a view must hold to show the
 * whole circle (a place's geofence fitted with its marker).
 */
export function circleExtent({ center, radiusKm }: MapCircle): LatLngPoint[] {
  if (!(radiusKm > 0)) return [center];
  const dLat = radiusKm / KM_PER_DEGREE;
  const dLng = radiusKm / (KM_PER_DEGREE * Math.max(Math.cos((center.lat * Math.PI) / 180), 0.01));
  return [
    { lat: center.lat + dLat, lng: center.lng },
    { lat: center.lat - dLat, lng: center.lng },
    { lat: center.lat, lng: center.lng + dLng },
    { lat: center.lat, lng: center.lng - dLng },
  ];
}
