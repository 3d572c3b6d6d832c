import { describe, expect, it } from 'vitest';
import { fromGoogleRoute } from './googleProvider';

/** A point as the Maps JavaScript API gives it (LatLng with lat() and lng()). */
const point = (lat: number, lng: number) => ({ lat: () => lat, lng: () => lng }) as google.maps.LatLng;

describe('Google directions', () => {
  it('reads legs in kilometres and minutes, the overview path as [lat, lng], never as an estimate', () => {
    const route = {
      legs: [
        { distance: { value: 27311, text: '27.3 km' }, duration: { value: 2411, text: '40 mins' } },
        { distance: { value: 141122, text: '141 km' }, duration: { value: 10208, text: '2 hours 50 mins' } },
      ],
      overview_path: [point(18.750621, 73.87719), point(18.5204, 73.8567), point(19.076, 72.8777)],
    } as unknown as google.maps.DirectionsRoute;
    expect(fromGoogleRoute(route)).toEqual({
      source: 'google',
      legs: [
        { distanceKm: 27.3, durationMin: 40, estimate: false },
        { distanceKm: 141.1, durationMin: 170, estimate: false },
      ],
      path: [
        [18.750621, 73.87719],
        [18.5204, 73.8567],
        [19.076, 72.8777],
      ],
      distanceKm: 168.4,
    });
  });
});
