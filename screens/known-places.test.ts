import { describe, expect, it } from 'vitest';
import { validate } from '../schemas/ajv';
import {
  KNOWN_PLACE_MSG,
  knownPlaceFormSchema,
  knownPlaceRowSchema,
  knownPlaceUpdateBodySchema,
  type KnownPlace,
} from '../schemas/known-place';
import type { FormConfig, SubmitContext } from '../engine/form/types';
import type { ListConfig } from '../engine/list/types';
import { consignorNeeded, knownPlaceForm, knownPlacesList } from './known-places';

const haldia: KnownPlace = {
  cpId: 'cp_tsl_haldia',
  label: 'Haldia Dock Complex',
  address: 'Haldia, East Midnapore, West Bengal 721604, India',
  cpCode: 'TSL-HAL-DOCK',
  geofenceRadius: 2,
  updatedBy: 'ops@demo.local',
  updatedAt: 1,
  partnerId: null,
  google: {
    place_id: 'in:po:721604:haldia',
    formatted_address: 'Haldia, East Midnapore, West Bengal 721604, India',
    geometry: { location: { lat: 22.066639, lng: 88.114494 } },
  },
};
const consignor = { companyId: '2001', companyType: 'TRANSPORTER', consignorId: '1001' };
const context = (
  editing: boolean,
  scope: SubmitContext['scope'] = { companyId: '1001', companyType: 'CONSIGNOR' },
): SubmitContext => ({
  scope,
  params: editing ? { id: haldia.cpId } : {},
  editing,
});
const form = knownPlaceForm as FormConfig;
const list = knownPlacesList as ListConfig;

describe('known place form', () => {
  it('names each of the six required fields of a blank form (spec 000 section 5)', () => {
    // What rjsf starts the form with: the point empty, the radius at its default.
    expect(validate(knownPlaceFormSchema, { location: {}, geofenceRadius: 2 }).sort()).toEqual([
      'Enter latitude',
      'Enter longitude',
      'Please enter a code',
      'Please enter address',
      'Please enter an Display Address',
      'Please enter an address',
    ]);
  });

  it('tells a malformed or out-of-range coordinate apart from a missing one, each under its own field', () => {
    const base = { label: 'Gate', cpCode: 'G-1', address: 'Plot 1', geofenceRadius: 2 };
    const point = (lat: unknown, lng: unknown) => ({ ...base, location: { place_id: 'in:dist:mh:pune', lat, lng } });
    expect(validate(knownPlaceFormSchema, point(95, 73.8))).toEqual([KNOWN_PLACE_MSG.latRange]);
    expect(validate(knownPlaceFormSchema, point(18.5, -181))).toEqual([KNOWN_PLACE_MSG.lngRange]);
    expect(validate(knownPlaceFormSchema, point('north', '1'.repeat(600)))).toEqual([
      KNOWN_PLACE_MSG.latRange,
      KNOWN_PLACE_MSG.lngRange,
    ]);
    expect(KNOWN_PLACE_MSG.latRange).toBe('Latitude must be a number between -90 and 90');
    expect(KNOWN_PLACE_MSG.lngRange).toBe('Longitude must be a number between -180 and 180');
    // The pair's text of the spec stays for the calls and the sheets.
    expect(KNOWN_PLACE_MSG.latLong).toBe('Please enter valid lat long');
  });

  it('creates a list of one place with its Google place, for the chosen consignor of a TRANSPORTER', () => {
    const data = form.toForm!(haldia as unknown as Record<string, unknown>);
    expect(validate(knownPlaceFormSchema, data)).toEqual([]);
    const created = form.toSubmission!(data, context(false, consignor));
    expect(created.query).toEqual({ partnerId: '1001' });
    expect(created.body).toEqual([
      { label: haldia.label, cpCode: haldia.cpCode, address: haldia.address, geofenceRadius: 2, google: haldia.google },
    ]);
    expect(validate(knownPlaceRowSchema, (created.body as unknown[])[0])).toEqual([]);
    expect(form.toSubmission!(data, context(false)).query).toEqual({});
  });

  it('updates what the form may change, naming the place by the path id', () => {
    const data = {
      ...form.toForm!(haldia as unknown as Record<string, unknown>),
      label: 'Haldia Gate 2',
      geofenceRadius: 1.5,
    };
    const updated = form.toSubmission!(data, context(true));
    expect(updated.body).toEqual({
      cpId: haldia.cpId,
      label: 'Haldia Gate 2',
      cpCode: haldia.cpCode,
      address: haldia.address,
      geofenceRadius: 1.5,
    });
    expect(validate(knownPlaceUpdateBodySchema, updated.body)).toEqual([]);
    expect(form.messages.updated).toBeTypeOf('function');
    expect((form.messages.updated as (ctx: SubmitContext) => string)(context(true))).toBe(
      'Known place cp_tsl_haldia updated successfully !',
    );
    expect(form.messages.created).toBe('Company place added successfully !');
  });

  it('asks a TRANSPORTER for a consignor, and nobody else', () => {
    expect(consignorNeeded({ companyId: '2001', companyType: 'TRANSPORTER' })).toBe(KNOWN_PLACE_MSG.selectConsignor);
    expect(consignorNeeded(consignor)).toBeUndefined();
    expect(consignorNeeded({ companyId: '1001', companyType: 'CONSIGNOR' })).toBeUndefined();
    expect(form.scopeNeeds).toBe(consignorNeeded);
    expect(list.scopeNeeds).toBe(consignorNeeded);
  });
});

describe('known places list', () => {
  it('reads the chosen consignor’s places and deletes a place with its own consignor', () => {
    expect(list.sourceInput!({ scope: consignor, params: {} }).query).toEqual({ partnerId: '1001' });
    expect(list.remove!.input(haldia as unknown as Record<string, unknown>)).toEqual({
      query: { cpId: 'cp_tsl_haldia' },
    });
    expect(list.remove!.input({ ...haldia, partnerId: '1001' } as unknown as Record<string, unknown>)).toEqual({
      query: { cpId: 'cp_tsl_haldia', partnerId: '1001' },
    });
    const success = list.remove!.success as (row: Record<string, unknown>) => string;
    expect(success(haldia as unknown as Record<string, unknown>)).toBe(
      'Company place cp_tsl_haldia deleted successfully',
    );
    expect(list.remove!.confirm).toBe('Are you sure to delete this known place ?');
  });

  it('shows the spec’s columns and a Show that opens the map of a place with coordinates', async () => {
    expect(list.columns.map((c) => c.title)).toEqual(['Id', 'Address label', 'Address', 'Updated By']);
    expect(list.actionTitle).toBe('Actions');
    const [show] = list.rowActions!;
    expect(show.label).toBe('Show');
    expect(show.disabledWhen!(haldia as unknown as Record<string, unknown>)).toBe(false);
    expect(show.disabledWhen!({ ...haldia, google: { place_id: 'x' } } as unknown as Record<string, unknown>)).toBe(
      true,
    );
    if (show.kind !== 'modal') throw new Error('Show opens a modal');
    expect((await show.component()).default).toBeTypeOf('function');
  });
});
