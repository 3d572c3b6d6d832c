import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  circleExtent,
  MAP_MODAL_HEIGHT,
  PLACE_MAP_ZOOM,
  placeMarker,
  ROUTE_MAP_ZOOM,
  routeMarkers,
} from './markers';
import { describeDirections, formatMinutes } from './directions';
import { originSourceLabel } from './tiles';
import { distanceKm } from '../../schemas/haversine';

const chakan = { lat: 18.750621, lng: 73.87719, title: 'Chakan' };
const pune = { lat: 18.5204, lng: 73.8567, title: 'Pune Hub' };
const lonavala = { lat: 18.7537, lng: 73.4062, title: 'Lonavala' };
const mumbai = { lat: 19.076, lng: 72.8777, title: 'Bhiwandi' };

describe('map markers', () => {
  it('labels a route O, then the waypoints 1, 2… in sequence, then D', () => {
    const markers = routeMarkers({ origin: chakan, waypoints: [pune, lonavala], destination: mumbai });
    expect(markers.map((m) => m.label)).toEqual(['O', '1', '2', 'D']);
    expect(markers[1]).toEqual({
      position: { lat: 18.5204, lng: 73.8567 },
      label: '1',
      title: 'Pune Hub',
      kind: 'waypoint',
    });
    expect(markers.map((m) => m.kind)).toEqual(['origin', 'waypoint', 'waypoint', 'destination']);
  });

  it('leaves out a missing end', () => {
    expect(routeMarkers({ destination: mumbai }).map((m) => m.label)).toEqual(['D']);
    expect(routeMarkers({ origin: null, waypoints: [pune] }).map((m) => m.label)).toEqual(['1']);
  });

  it("labels a known place with its title's first letter", () => {
    expect(placeMarker({ ...pune, title: ' bhiwandi yard' }).label).toBe('B');
    expect(placeMarker({ ...pune, title: '' }).label).toBe('•');
    // A 'Depot' or an 'Office' is drawn as a place, not as a route's destination or origin.
    expect(placeMarker({ ...pune, title: 'Depot 4' })).toMatchObject({ label: 'D', kind: 'place' });
  });

  it('bounds the points', () => {
    expect(boundsOf([chakan, mumbai, pune])).toEqual([
      { lat: 18.5204, lng: 72.8777 },
      { lat: 19.076, lng: 73.87719 },
    ]);
    expect(boundsOf([])).toBeNull();
  });

  it('keeps the constants of spec 000 section 9', () => {
    expect([ROUTE_MAP_ZOOM, PLACE_MAP_ZOOM, MAP_MODAL_HEIGHT]).toEqual([10, 15, 400]);
  });
});

describe('directions text', () => {
  it('labels straight legs as estimates and gives no time', () => {
    const text = describeDirections(
      {
        source: 'straight',
        legs: [
          { distanceKm: 25.7, durationMin: null, estimate: true },
          { distanceKm: 1204.5, durationMin: null, estimate: true },
        ],
        path: [],
        distanceKm: 1230.2,
      },
      ['O', '1', 'D'],
    );
    expect(text).toEqual({
      legs: ['O → 1: 25.7 km (Straight-line estimate)', '1 → D: 1,204.5 km (Straight-line estimate)'],
      total: 'Total: 1,230.2 km',
      estimate: true,
    });
  });

  it('gives road legs their driving time', () => {
    const text = describeDirections(
      { source: 'osrm', legs: [{ distanceKm: 141.1, durationMin: 170, estimate: false }], path: [], distanceKm: 141.1 },
      ['O', 'D'],
    );
    expect(text).toEqual({
      legs: ['O → D: 141.1 km, 2 h 50 min'],
      total: 'Total: 141.1 km, 2 h 50 min',
      estimate: false,
    });
    expect(formatMinutes(40)).toBe('40 min');
  });

  it('names a tile server by its host', () => {
    expect(originSourceLabel('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('tile.example.org');
  });

  it("gives a geofence's furthest points north, south, east and west, each its radius from the centre", () => {
    const edge = circleExtent({ center: chakan, radiusKm: 2 });
    expect(edge).toHaveLength(4);
    for (const point of edge) expect(distanceKm(chakan, point)).toBeCloseTo(2, 1);
    expect(edge[0].lat).toBeGreaterThan(chakan.lat);
    expect(edge[2].lng).toBeGreaterThan(chakan.lng);
    expect(circleExtent({ center: chakan, radiusKm: 0 })).toEqual([chakan]);
  });
});
