/** A point on the globe in decimal degrees (WGS84). */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Mean radius of the Earth in kilometres (IUGG). */
export const EARTH_RADIUS_KM = 6371.0088;

const RAD = Math.PI / 180;

/** Great-circle distance between two points in kilometres (haversine formula). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
