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

/** Largest distance between coordinates a row gives and the place its address geocodes to (spec 000 sections 5 and 9), in km. */
export const GEOCODE_TOLERANCE_KM = 30;
/** The spec's text for a row past {@link GEOCODE_TOLERANCE_KM}. */
export const TOO_FAR_MESSAGE = 'Error: Distance more than 30kms';
