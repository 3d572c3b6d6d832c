import { describe, expect, it } from 'vitest';
import { validate } from '../schemas/ajv';
import {
  CONSIGNEE_MSG,
  consigneeFormSchema,
  consigneeRowSchema,
  consigneeUpdateBodySchema,
  type Consignee,
} from '../schemas/consignee';
import { endpointQuery } from '../engine/data/endpoint';
import type { FormConfig, SubmitContext } from '../engine/form/types';
import type { ListConfig } from '../engine/list/types';
import { consigneeForm, consigneesList } from './consignees';
import { consigneeSheet } from './consignees-upload';

const haldia: Consignee = {
  id: 'cee_tsl_haldia_wh',
  code: 'TSL-CEE-002',
  name: 'Haldia Coil Warehouse',
  type: 'WAREHOUSE',
  phone: '9732045678',
  email: 'haldia.wh@tatasteel.demo',
  updatedBy: 'ops@demo.local',
  updatedAt: 1,
  partnerId: null,
  place: {
    cpId: 'cp_cee_tsl_haldia',
    cpCode: 'TSL-CEE-002-P',
    label: 'Haldia Coil Warehouse Gate',
    address: 'Haldia, West Bengal',
    geofenceRadius: 2,
    google: {
      place_id: 'in:po:721604:haldia',
      formatted_address: 'Haldia, East Midnapore, West Bengal 721604, India',
      geometry: { location: { lat: 22.066639, lng: 88.114494 } },
    },
  },
};
const record = haldia as unknown as Record<string, unknown>;
const transporter = { companyId: '2001', companyType: 'TRANSPORTER', consignorId: '1001' };
const context = (
  editing: boolean,
  scope: SubmitContext['scope'] = { companyId: '1001', companyType: 'CONSIGNOR' },
): SubmitContext => ({
  scope,
  params: editing ? { id: haldia.id } : {},
  editing,
  record: editing ? record : undefined,
});
const form = consigneeForm as FormConfig;
const list = consigneesList as ListConfig;

describe('consignee form (spec 002 section 5)', () => {
  it('names every required field of a blank form', () => {
    expect(validate(consigneeFormSchema, { location: {}, geofenceRadius: 2 }).sort()).toEqual([
      'Enter latitude',
      'Enter longitude',
      'Please enter a code',
      'Please enter address',
      'Please enter an Display Address',
      'Please enter an address',
      'Please enter consignee code',
      'Please enter consignee name',
      'Please enter your email id',
      'Please select type',
    ]);
  });

  it('tells a malformed or out-of-range coordinate apart from a missing one', () => {
    const data = form.toForm!(record);
    const location = data.location as Record<string, unknown>;
    expect(validate(consigneeFormSchema, { ...data, location: { ...location, lat: 95 } })).toEqual([
      'Latitude must be a number between -90 and 90',
    ]);
    expect(validate(consigneeFormSchema, { ...data, location: { ...location, lng: 'east' } })).toEqual([
      'Longitude must be a number between -180 and 180',
    ]);
    expect(validate(consigneeFormSchema, { ...data, location: { ...location, lat: undefined } })).toEqual([
      'Enter latitude',
    ]);
  });

  it('refuses blank texts and a phone that is not ten digits starting 6 to 9', () => {
    const data = { ...form.toForm!(record), code: '  ', name: ' ', email: ' ', phone: '5123456789' };
    expect(validate(consigneeFormSchema, data)).toEqual(
      expect.arrayContaining([CONSIGNEE_MSG.phone, 'Blank spaces not allowed']),
    );
    expect(validate(consigneeFormSchema, { ...form.toForm!(record), phone: '' })).toEqual([]);
    expect(validate(consigneeFormSchema, { ...form.toForm!(record), phone: '6000000000' })).toEqual([]);
  });

  it('creates a list of one consignee with its Google place, for the chosen consignor of a TRANSPORTER', () => {
    const data = form.toForm!(record);
    expect(validate(consigneeFormSchema, data)).toEqual([]);
    const created = form.toSubmission!(data, context(false, transporter));
    expect(created.query).toEqual({ partnerId: '1001' });
    const [body] = created.body as Record<string, unknown>[];
    expect(body).toEqual({
      code: haldia.code,
      name: haldia.name,
      type: haldia.type,
      phone: haldia.phone,
      email: haldia.email,
      place: {
        label: haldia.place.label,
        cpCode: haldia.place.cpCode,
        address: haldia.place.address,
        geofenceRadius: 2,
        google: haldia.place.google,
      },
    });
    expect(validate(consigneeRowSchema, body)).toEqual([]);
    expect(endpointQuery(form.submit.create, created)).toMatchObject({ pt: 'CONSIGNEE', partnerId: '1001' });
  });

  it('updates by id with the place named by its cpId (not the Google place id)', () => {
    const data = { ...form.toForm!(record), name: 'Haldia WH 2' };
    const updated = form.toSubmission!(data, context(true));
    expect(updated.body).toEqual({
      id: haldia.id,
      code: haldia.code,
      name: 'Haldia WH 2',
      type: haldia.type,
      phone: haldia.phone,
      email: haldia.email,
      place: {
        cpId: haldia.place.cpId,
        label: haldia.place.label,
        cpCode: haldia.place.cpCode,
        address: haldia.place.address,
        geofenceRadius: 2,
      },
    });
    expect(validate(consigneeUpdateBodySchema, updated.body)).toEqual([]);
    expect([
      form.messages.created,
      form.messages.updated,
      form.messages.createError,
      form.messages.updateError,
    ]).toEqual([
      'Consignee added successfully !',
      'Consignee updated successfully !',
      'Error while adding',
      'Error while editing',
    ]);
    expect(form.title).toEqual({ create: 'Add a new consignee', edit: 'Update consignee' });
    expect(form.after).toBe('/consignees');
  });
});

describe('consignee list', () => {
  it("shows the spec's columns, buttons and messages, and deletes with pt=CONSIGNEE", () => {
    expect(list.columns.map((c) => c.title)).toEqual([
      'Consignee code',
      'Consignee name',
      'Phone no.',
      'Email id',
      'Display address',
      'Updated By',
    ]);
    expect(list.headerButtons!.map((b) => b.label)).toEqual(['Add consignee', 'Upload']);
    expect(list.fetchError).toBe('Error while deleting');
    expect(list.remove!.input(record)).toEqual({ query: { id: haldia.id } });
    expect(endpointQuery(list.remove!.endpoint, list.remove!.input(record))).toEqual({
      pt: 'CONSIGNEE',
      id: haldia.id,
    });
    expect((list.remove!.success as (row: Record<string, unknown>) => string)(record)).toBe(
      'Consignee cee_tsl_haldia_wh deleted successfully',
    );
    expect(list.remove!.error).toBe('Error while deleting consignee');
    expect(list.sourceInput!({ scope: transporter, params: {} }).query).toEqual({ partnerId: '1001' });
  });
});

describe('consignee bulk sheet', () => {
  it('has the 13 columns of spec 002 section 3 (the geocoding status hidden), 550 rows and consignees.csv', () => {
    expect(consigneeSheet.columns.map((c) => c.key)).toEqual([
      'Code',
      'Name',
      'Type',
      'Contact Number',
      'Email',
      'Address Label',
      'Address',
      'Google Address',
      'Latitude',
      'Longitude',
      'placeId',
      'Address Code',
      'Geofence Radius',
    ]);
    expect(consigneeSheet.columns.filter((c) => 'hidden' in c && c.hidden).map((c) => c.key)).toEqual(['placeId']);
    expect(consigneeSheet.maxRows).toBe(550);
    expect(consigneeSheet.export?.fileName).toBe('consignees.csv');
    expect(consigneeSheet.messages.noCompany).toBe('Please select a company before saving');
    expect(consigneeSheet.messages.empty).toBe('No data to upload, upload a file or paste some data');
  });

  it('sends each row as a consignee with its place, pt=CONSIGNEE, bulkUpload and allOrNone=false', () => {
    const cells = {
      Code: 'C-1',
      Name: 'Acme',
      Type: 'dc',
      'Contact Number': '9876543210',
      Email: 'a@b.in',
      'Address Label': 'Gate',
      Address: 'Plot 1',
      'Google Address': 'Pune, Maharashtra',
      Latitude: '18.5204',
      Longitude: '73.8567',
      placeId: 'in:dist:mh:pune',
      'Address Code': 'C-1-G',
      'Geofence Radius': '',
    };
    const input = consigneeSheet.submit.input([cells], {
      scope: { companyId: '1001', companyType: 'CONSIGNOR' },
      params: {},
    });
    const [body] = input.body as Record<string, unknown>[];
    expect(validate(consigneeRowSchema, body)).toEqual([]);
    expect(body).toMatchObject({
      type: 'DC',
      place: {
        cpCode: 'C-1-G',
        geofenceRadius: 2,
        google: { place_id: 'in:dist:mh:pune', geometry: { location: { lat: 18.5204, lng: 73.8567 } } },
      },
    });
    expect(endpointQuery(consigneeSheet.submit.endpoint, input)).toMatchObject({
      c: '1001',
      pt: 'CONSIGNEE',
      bulkUpload: true,
      allOrNone: false,
    });
    expect(consigneeSheet.submit.results([{ id: 'cee_1' }, [CONSIGNEE_MSG.tooFar]])).toEqual([
      { ok: true },
      { ok: false, message: CONSIGNEE_MSG.tooFar },
    ]);
  });
});
