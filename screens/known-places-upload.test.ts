import { describe, expect, it } from 'vitest';
import { endpointQuery } from '../engine/data/endpoint';
import { knownPlaceSheet } from './known-places-upload';

const row = (cells: Record<string, string>) => ({
  Code: 'KP-1',
  'Address Label': 'Gate',
  Address: 'Plot 1',
  'Google Address': 'Pune, Maharashtra',
  Latitude: '18.5204',
  Longitude: '73.8567',
  'Geofence Radius': '',
  placeId: 'in:dist:mh:pune',
  ...cells,
});

/** The place as the geocoding step leaves it in the row: its id, the Google address and the coordinates. */
const PUNE = {
  place_id: 'in:dist:mh:pune',
  formatted_address: 'Pune, Maharashtra',
  geometry: { location: { lat: 18.5204, lng: 73.8567 } },
};

describe('known place bulk sheet config', () => {
  it('has the spec columns in order, the hidden place id and the status header', () => {
    expect(knownPlaceSheet.columns.map((c) => [c.key, c.hidden === true])).toEqual([
      ['Code', false],
      ['Address Label', false],
      ['Address', false],
      ['Google Address', false],
      ['Latitude', false],
      ['Longitude', false],
      ['Geofence Radius', false],
      ['placeId', true],
    ]);
    expect(knownPlaceSheet.statusTitle).toBe('Success Status');
    expect([knownPlaceSheet.maxRows, knownPlaceSheet.spareRows]).toEqual([600, 1]);
  });

  it("sends the spec's payload with the row's Google address and coordinates, a blank radius as the default 2, and the consignor of a TRANSPORTER as partnerId", () => {
    const transporter = { companyId: '2001', companyType: 'TRANSPORTER', consignorId: '1001' };
    const input = knownPlaceSheet.submit.input(
      [row({}), row({ 'Geofence Radius': '1.5' }), row({ 'Geofence Radius': 'wide' })],
      { scope: transporter, params: {} },
    );
    expect(input.body).toEqual([
      { google: PUNE, label: 'Gate', address: 'Plot 1', cpCode: 'KP-1', geofenceRadius: 2 },
      { google: PUNE, label: 'Gate', address: 'Plot 1', cpCode: 'KP-1', geofenceRadius: 1.5 },
      // Text that is no number goes as typed, so the server's message names the radius.
      { google: PUNE, label: 'Gate', address: 'Plot 1', cpCode: 'KP-1', geofenceRadius: 'wide' },
    ]);
    expect(endpointQuery(knownPlaceSheet.submit.endpoint, input)).toEqual({
      c: '2001',
      t: 'TRANSPORTER',
      bulkUpload: true,
      allOrNone: false,
      partnerId: '1001',
    });
    expect(knownPlaceSheet.submit.input([row({})], { scope: { companyId: '1001' }, params: {} }).query).toEqual({});
  });

  it('reads each row of the answer: a cpId is saved, error texts are the status', () => {
    expect(
      knownPlaceSheet.submit.results([{ cpId: 'cp_1' }, ['Please enter a code', 'Please enter an address'], [], {}]),
    ).toEqual([
      { ok: true },
      { ok: false, message: 'Please enter a code, Please enter an address' },
      { ok: false, message: 'Error while adding' },
      { ok: false, message: 'Error while adding' },
    ]);
    expect(knownPlaceSheet.submit.results(undefined)).toEqual([]);
  });

  it('needs the consignor of a TRANSPORTER before saving', () => {
    expect(knownPlaceSheet.scopeNeeds?.({ companyId: '2001', companyType: 'TRANSPORTER' })).toBe(
      'Please select a consignor to proceed',
    );
    expect(
      knownPlaceSheet.scopeNeeds?.({ companyId: '2001', companyType: 'TRANSPORTER', consignorId: '1001' }),
    ).toBeUndefined();
    expect(knownPlaceSheet.scopeNeeds?.({ companyId: '1001', companyType: 'CONSIGNOR' })).toBeUndefined();
  });
});
