import { describe, expect, it } from 'vitest';
import type { SheetGeocoder } from '../engine/sheet/geocodeProcessor';
import type { GeoPlace } from '../engine/widgets/placeApi';
import { geocodeWaypoints, readWaypoints, toRouteRow } from './routes-upload';

const place = (id: string, lat: number, lng: number): GeoPlace =>
  ({ place_id: id, formatted_address: `${id} address`, geometry: { location: { lat, lng } } }) as GeoPlace;

/** Knows two towns by name, and answers any coordinates with the nearer one's neighbour. */
const geocoder: SheetGeocoder = {
  byAddress: async (address) =>
    address.startsWith('Lonavala')
      ? place('lonavala', 18.75, 73.4)
      : address.startsWith('Khopoli')
        ? place('khopoli', 18.79, 73.35)
        : null,
  byLatLng: async (lat, lng) => place(`near:${lat},${lng}`, lat, lng),
};

describe('the Waypoints cell', () => {
  it('reads addresses, coordinates and address @ coordinates, separated by |', () => {
    expect(readWaypoints('')).toEqual([]);
    expect(readWaypoints(' Lonavala, Maharashtra | 18.79, 73.35 | Khopoli @ 18.7,73.3 ')).toEqual([
      { address: 'Lonavala, Maharashtra', lat: '', lng: '' },
      { address: '', lat: '18.79', lng: ' 73.35' },
      { address: 'Khopoli', lat: '18.7', lng: '73.3' },
    ]);
    // An address with digits and commas is still an address; a blank item is kept to be reported.
    expect(readWaypoints('12, MIDC Road, Pune 411026 ||')).toEqual([
      { address: '12, MIDC Road, Pune 411026', lat: '', lng: '' },
      { address: '', lat: '', lng: '' },
      { address: '', lat: '', lng: '' },
    ]);
  });

  it('geocodes each waypoint with the 30 km rule, in order, into the hidden column', async () => {
    const step = await geocodeWaypoints({ Waypoints: 'Lonavala | 18.5,73.1 | Khopoli @ 18.8,73.36' }, geocoder);
    expect('values' in step && JSON.parse(step.values.waypointPlaces)).toEqual([
      { place_id: 'lonavala', address: 'Lonavala', lat: 18.75, lng: 73.4 },
      { place_id: 'near:18.5,73.1', address: 'near:18.5,73.1 address', lat: 18.5, lng: 73.1 },
      { place_id: 'khopoli', address: 'Khopoli', lat: 18.8, lng: 73.36 },
    ]);
    expect(await geocodeWaypoints({ Waypoints: 'Khopoli @ 19.1,73.35' }, geocoder)).toEqual({
      error: 'Error: Distance more than 30kms',
    });
    expect(await geocodeWaypoints({ Waypoints: 'Lonavala | | Khopoli' }, geocoder)).toEqual({
      error: 'Please enter either lat,long or address',
    });
    expect(await geocodeWaypoints({ Waypoints: '18.5,73.1,9' }, geocoder)).toEqual({
      error: 'Please enter valid lat long',
    });
    expect(await geocodeWaypoints({ Waypoints: Array(99).fill('Lonavala').join('|') }, geocoder)).toEqual({
      error: 'At most 98 waypoints per route',
    });
  });
});

describe('a processed row', () => {
  it('becomes the bulk call row: loading point, waypoints, unloading point; STT already in minutes', () => {
    const row = toRouteRow({
      'Route Label': 'Pune - Mumbai',
      'Route Code': '',
      'STT (hours)': '390',
      'Loading Address': 'Pune',
      'Loading Latitude': '18.52',
      'Loading Longitude': '73.85',
      'Loading Label': '',
      'Loading Code': 'P1',
      'Loading Radius (km)': '3',
      loadingPlaceId: 'pune',
      'Unloading Address': 'Mumbai',
      'Unloading Latitude': '19.07',
      'Unloading Longitude': '72.87',
      'Unloading Label': 'Dock',
      'Unloading Code': '',
      'Unloading Radius (km)': '',
      unloadingPlaceId: 'mumbai',
      waypointPlaces: JSON.stringify([{ place_id: 'lonavala', address: 'Lonavala', lat: 18.75, lng: 73.4 }]),
    });
    expect(row).toMatchObject({ label: 'Pune - Mumbai', code: '', stt: 390 });
    expect(row.places.map((p) => [p.label, p.cpCode, p.geofenceRadius, p.google.place_id])).toEqual([
      ['Pune', 'P1', 3, 'pune'],
      ['Lonavala', '', 2, 'lonavala'],
      ['Dock', '', 2, 'mumbai'],
    ]);
    expect(row.places[0].google.geometry.location).toEqual({ lat: 18.52, lng: 73.85 });
    expect(toRouteRow({ 'Route Label': 'x', 'STT (hours)': '' }).stt).toBeNull();
  });
});
