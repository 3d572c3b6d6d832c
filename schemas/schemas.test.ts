import { describe, expect, it } from 'vitest';
import { validate } from './ajv';
import {
  routeBodySchema,
  routeMasterFormSchema,
  routeMasterBodySchema,
  transporterSchema,
  scopeQuerySchema,
  passwordChangeSchema,
} from './index';
import { bodySchemaOf } from './resource';
import { materials } from './resources/materials';
import { vehicles } from './resources/vehicles';

/** The bodies the company material and vehicle creates take (declared: schemas/resources/). */
const materialCreateSchema = bodySchemaOf(materials);
const vehicleCreateSchema = bodySchemaOf(vehicles);
import { geocodeQuerySchema } from './lookup';
import { routeModalSchema } from './route';
import { routeBulkRowSchema, waypointBodySchema } from './route-bulk';

const place = (id: string) => ({ google: { place_id: id } });

describe('shared schemas give the spec messages', () => {
  it('material: required, blank, 64 characters', () => {
    expect(validate(materialCreateSchema, { label: 'x'.repeat(65) })).toEqual(['Maximum 64 character allowed']);
    expect(validate(materialCreateSchema, { label: '   ' })).toEqual(['Blank spaces not allowed']);
    expect(validate(materialCreateSchema, { label: 'x'.repeat(64) })).toEqual([]);
    expect(validate(materialCreateSchema, {})).toEqual(['Please select material']);
    expect(validate(materialCreateSchema, { ftMaterialId: 'm1' })).toEqual([]);
  });

  it('vehicle: standard id or custom label', () => {
    expect(validate(vehicleCreateSchema, {})).toEqual(['Please enter vehicle type']);
    expect(validate(vehicleCreateSchema, { label: '' })).toEqual(['Please enter custom vehicle ']);
    expect(validate(vehicleCreateSchema, { label: '32 ft MXL' })).toEqual([]);
  });

  it('route: label, stt, points, radius', () => {
    expect(validate(routeBodySchema, {})).toEqual([
      'Please enter route label',
      'Please enter loading point',
      'Please enter unloading point',
    ]);
    expect(validate(routeBodySchema, { label: '  ', stt: 0, origin: place('a'), destination: {} })).toEqual([
      'Blank spaces not allowed',
      'Please enter a number greater than 0',
      'Please enter unloading point',
    ]);
    const ok = {
      label: 'Pune - Mumbai',
      stt: 600,
      origin: place('a'),
      destination: { ...place('b'), geofenceRadius: 51 },
    };
    expect(validate(routeBodySchema, ok)).toEqual(['Number should be between 0.01 to 50']);
    expect(validate(routeBodySchema, { ...ok, destination: place('b'), stt: null })).toEqual([]);
  });

  it('route master form and body', () => {
    expect(validate(routeMasterFormSchema, {})).toContain('Please select route');
    expect(validate(routeMasterFormSchema, { validFrom: '31/13/2026' })).toContain('Please select valid from date');
    const body = {
      partnerId: 'p',
      vehicleId: 'v',
      materialId: 'm',
      validFrom: Date.UTC(2026, 6, 1),
      loadType: 'FTL',
      data: [{ key: 'LOADING_FEE', value: 5, unit: 'FIXED' }],
    };
    expect(validate(routeMasterBodySchema, body)).toEqual(['Please enter freight cost']);
    body.data.push({ key: 'ROUTE_COST', value: -1, unit: 'TON' });
    expect(validate(routeMasterBodySchema, body)).toEqual(['Please enter a number greater than 0']);
  });

  it('dates from 2000, transit times of at most 10,000 hours, coordinates and radius within range', () => {
    const valid = {
      partnerId: 'p',
      vehicleId: 'v',
      materialId: 'm',
      validFrom: Date.UTC(2000, 0, 1),
      loadType: 'FTL',
      data: [{ key: 'ROUTE_COST', value: 5, unit: 'TON' }],
    };
    expect(validate(routeMasterBodySchema, valid)).toEqual([]);
    expect(validate(routeMasterBodySchema, { ...valid, validFrom: 0 })).toEqual([
      'Valid from date must be on or after 01/01/2000',
    ]);
    const stt = (value: number) => ({
      ...valid,
      data: [...valid.data, { key: 'STANDARD_TRANSIT_TIME', value, unit: 'FIXED' }],
    });
    expect(validate(routeMasterBodySchema, stt(600_000))).toEqual([]);
    expect(validate(routeMasterBodySchema, stt(600_001))).toEqual(['STT must be at most 10,000 hours']);
    expect(validate(routeMasterFormSchema.properties.validFrom, '01/01/2000')).toEqual([]);
    expect(validate(routeMasterFormSchema.properties.validFrom, '31/12/1999')).toEqual([
      'Valid from date must be on or after 01/01/2000',
    ]);
    expect(validate(routeMasterFormSchema.properties.validFrom, '31/02/1999')).toEqual([
      'Please select valid from date',
    ]);
    expect(validate(routeMasterFormSchema.properties.stt, 10_001)).toEqual(['STT must be at most 10,000 hours']);
    const at = (lat: number, lng: number) => ({ google: { place_id: 'a', geometry: { location: { lat, lng } } } });
    const route = { label: 'Pune - Mumbai', origin: at(90, -180), destination: at(-90, 180), stt: 600_000 };
    expect(validate(routeBodySchema, route)).toEqual([]);
    expect(validate(routeBodySchema, { ...route, origin: at(999, 0) })).toEqual(['Please enter valid lat long']);
    expect(validate(routeBodySchema, { ...route, destination: at(0, 1e308) })).toEqual(['Please enter valid lat long']);
    expect(validate(routeBodySchema, { ...route, stt: 1e308 })).toEqual(['STT must be at most 10,000 hours']);
    expect(validate(routeModalSchema, { label: 'x', stt: 10_001 })).toEqual(['STT must be at most 10,000 hours']);
    expect(validate(waypointBodySchema, { label: 'x', ...at(1, 1), geofenceRadius: 51 })).toEqual([
      'Geo Fence Radius must be at most 50 km',
    ]);
    expect(validate(routeBulkRowSchema, { label: 'x', places: [at(1, 1), at(999, 1)] })).toEqual([
      'Please enter valid lat long',
    ]);
  });

  it('transporter, scope and password', () => {
    expect(validate(transporterSchema, {})).toHaveLength(7);
    expect(validate(scopeQuerySchema, {})).toEqual(['Select a company to continue']);
    expect(validate(passwordChangeSchema, { identifier: 'ops@demo.local', code: '123456', password: 'short' })).toEqual(
      ['Password must be at least 8 characters with a letter and a digit'],
    );
  });
});

describe('shared formats', () => {
  it('dates must exist on the calendar', () => {
    expect(validate(routeMasterFormSchema.properties.validFrom, '29/02/2028')).toEqual([]);
    expect(validate(routeMasterFormSchema.properties.validFrom, '31/02/2026')).toEqual([
      'Please select valid from date',
    ]);
    expect(validate(routeMasterFormSchema.properties.validFrom, '2026-02-01')).toEqual([
      'Please select valid from date',
    ]);
  });

  it('coordinates must be on the globe', () => {
    expect(validate(geocodeQuerySchema, { latlng: '28.6315, 77.2167' })).toEqual([]);
    expect(validate(geocodeQuerySchema, { latlng: '91,200' })).toEqual(['Please enter valid lat long']);
  });
});
