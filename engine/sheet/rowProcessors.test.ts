import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoint } from '../data/endpoint';
import { mainCalls } from '../../schemas/api/main';
import { runProcessors, mapLimit, type SheetProcessor } from './processors';
import {
  dates,
  lookupRow,
  lookups,
  matchOption,
  numbers,
  parseDayMonthYear,
  parsePositive,
  type LookupField,
} from './rowProcessors';
import { distanceKm, geocode, geocodeRow, parseLatLng, type SheetGeocoder } from './geocodeProcessor';
import type { GeoPlace } from '../widgets/placeApi';

const ctx = { scope: { companyId: '1001' }, params: {} };
const source = { endpoint: { method: 'GET', path: '/x' }, options: () => [] } as unknown as LookupField['source'];

describe('lookups', () => {
  const routes = [
    { label: 'Pune - Mumbai', value: 'r1' },
    { label: 'Delhi  Agra', value: 'r2' },
  ];
  const fields: LookupField[] = [
    { column: 'route', target: 'routeId', source, message: 'Please enter valid route' },
    { column: 'transporter', target: 'partnerId', source, message: 'Please enter valid transport' },
  ];
  const lists = [routes, [{ label: 'Blue Dart', value: 'p9' }]];

  it('matches without case and extra spaces', () => {
    expect(matchOption(routes, '  pune - MUMBAI ')?.value).toBe('r1');
    expect(matchOption(routes, 'delhi agra')?.value).toBe('r2');
    expect(matchOption(routes, '')).toBeUndefined();
  });

  it('fills the hidden ids, names the one failure, or says the combined text for several', () => {
    expect(lookupRow({ route: 'PUNE - mumbai', transporter: 'blue dart' }, fields, lists)).toEqual({
      values: { route: 'PUNE - mumbai', transporter: 'blue dart', routeId: 'r1', partnerId: 'p9' },
    });
    expect(lookupRow({ route: 'Goa', transporter: 'Blue Dart' }, fields, lists, 'all bad')).toEqual({
      error: 'Please enter valid route',
    });
    expect(
      lookupRow(
        { route: 'Goa', transporter: 'Nobody' },
        fields,
        lists,
        'Please enter valid route,transport,vehicle and material',
      ),
    ).toEqual({
      error: 'Please enter valid route,transport,vehicle and material',
    });
  });
});

describe('lookups by name', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends only the names the rows hold, once each and a batch a call, and matches the answers', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const { names } = JSON.parse(String(init.body)) as { names: string[] };
        bodies.push(names);
        const data = names.includes('goa') ? [] : [{ id: 'r1', label: 'Pune - Mumbai', code: 'PNQ' }];
        return new Response(JSON.stringify({ success: true, data, message: [] }), { status: 200 });
      }),
    );
    const step = lookups([
      {
        column: 'Route',
        target: 'routeId',
        message: 'Please enter valid route',
        source: {
          endpoint: endpoint(mainCalls.lookupRoutes),
          byNames: { batch: 2, input: (names, { scope }) => ({ scope, body: { names } }) },
          options: (data) => (Array.isArray(data) ? data.map((r) => ({ label: r.label, value: r.id })) : []),
        },
      },
    ]);
    const rows: Record<string, string>[] = [
      { Route: 'Pune - Mumbai' },
      { Route: ' pune  - MUMBAI' },
      { Route: 'PNQ' },
      { Route: 'Goa' },
      {},
    ];
    const prepared = await step.prepare!(ctx, rows);
    expect(bodies).toEqual([['pune - mumbai', 'pnq'], ['goa']]);
    expect(step.run(rows[1], prepared)).toEqual({ values: { ...rows[1], routeId: 'r1' } });
    expect(step.run(rows[3], prepared)).toEqual({ error: 'Please enter valid route' });
  });
});

describe('numbers and dates', () => {
  it('reads numbers greater than 0 with commas', () => {
    expect(parsePositive('1,20,000.50')).toBe(120000.5);
    expect(parsePositive(' 42 ')).toBe(42);
    for (const bad of ['0', '-5', 'abc', '1.2.3', ',5', '']) expect(parsePositive(bad)).toBeNull();
  });

  it('normalises required and optional number columns, applying a factor', () => {
    const step = numbers([
      { column: 'cost', required: true },
      { column: 'stt', times: 60 },
    ]);
    expect(step.run({ cost: '1,500', stt: '2.5' }, undefined)).toEqual({ values: { cost: '1500', stt: '150' } });
    expect(step.run({ cost: '1,500', stt: '' }, undefined)).toEqual({ values: { cost: '1500', stt: '' } });
    expect(step.run({ cost: '', stt: '' }, undefined)).toEqual({ error: 'Please enter valid number' });
    expect(step.run({ cost: '10', stt: 'x' }, undefined)).toEqual({ error: 'Please enter valid number' });
  });

  it('reads DD/MM/YYYY days that exist', () => {
    expect(parseDayMonthYear('05/03/2024')).toEqual({ year: 2024, month: 3, day: 5 });
    expect(parseDayMonthYear('29/02/2024')).not.toBeNull();
    expect(parseDayMonthYear('29/02/2023')).toBeNull();
    expect(parseDayMonthYear('2024-03-05')).toBeNull();
    expect(dates(['validFrom'], { output: 'iso' }).run({ validFrom: '5/3/2024' }, undefined)).toEqual({
      values: { validFrom: '2024-03-05' },
    });
    // A day sent as an instant is its midnight in the desk's zone (India's by default), so it shows as that day.
    expect(dates(['validFrom']).run({ validFrom: '05/03/2024' }, undefined)).toEqual({
      values: { validFrom: String(Date.parse('2024-03-05T00:00:00+05:30')) },
    });
    expect(dates(['validFrom']).run({ validFrom: '31/04/2024' }, undefined)).toEqual({
      error: 'Please enter a valid date as DD/MM/YYYY',
    });
  });
});

const place = (lat: number, lng: number, id = 'p1'): GeoPlace => ({
  place_id: id,
  formatted_address: `Place ${id}`,
  geometry: { location: { lat, lng } },
});
const PUNE = place(18.5204, 73.8567, 'pune');
const geocoder: SheetGeocoder = {
  byAddress: async (address) => (/pune/i.test(address) ? PUNE : null),
  byLatLng: async (lat, lng) => place(lat, lng, 'rev'),
};
const columns = { address: 'google', lat: 'lat', lng: 'lng', placeId: 'placeId' };

describe('geocoding', () => {
  it('measures great-circle distances', () => {
    expect(distanceKm({ lat: 10, lng: 77 }, { lat: 11, lng: 77 })).toBeCloseTo(111.2, 0);
  });

  it('tells blank, bad and good coordinates apart', () => {
    expect(parseLatLng('', ' ')).toBeNull();
    expect(parseLatLng('18.5', '')).toBe('bad');
    expect(parseLatLng('91', '73')).toBe('bad');
    expect(parseLatLng('18.5', 'east')).toBe('bad');
    expect(parseLatLng('-18.5', '+73')).toEqual({ lat: -18.5, lng: 73 });
  });

  it('asks for a place, refuses bad coordinates, and applies the 30 km rule', async () => {
    expect(await geocodeRow({ google: '', lat: '', lng: '' }, columns, geocoder)).toEqual({
      error: 'Please enter either lat,long or address',
    });
    expect(await geocodeRow({ google: 'Pune', lat: 'x', lng: '73' }, columns, geocoder)).toEqual({
      error: 'Please enter valid lat long',
    });
    // Mumbai is about 120 km from Pune.
    expect(await geocodeRow({ google: 'Pune', lat: '19.076', lng: '72.8777' }, columns, geocoder)).toEqual({
      error: 'Error: Distance more than 30kms',
    });
    expect(await geocodeRow({ google: 'Atlantis', lat: '', lng: '' }, columns, geocoder)).toEqual({
      error: 'Address not found',
    });
  });

  it('fills the place id and what was blank', async () => {
    expect(await geocodeRow({ google: 'Pune', lat: '18.6', lng: '73.8' }, columns, geocoder)).toEqual({
      values: { google: 'Pune', lat: '18.6', lng: '73.8', placeId: 'pune' },
    });
    expect(await geocodeRow({ google: 'Pune camp', lat: '', lng: '' }, columns, geocoder)).toEqual({
      values: { google: 'Pune camp', lat: '18.5204', lng: '73.8567', placeId: 'pune' },
    });
    expect(await geocodeRow({ google: '', lat: '12.9', lng: '77.6' }, columns, geocoder)).toEqual({
      values: { google: 'Place rev', lat: '12.9', lng: '77.6', placeId: 'rev' },
    });
  });

  it('keeps at most `concurrency` rows in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const slow: SheetGeocoder = {
      byAddress: async () => {
        peak = Math.max(peak, ++inFlight);
        await new Promise((r) => setTimeout(r, 1));
        inFlight--;
        return PUNE;
      },
      byLatLng: async () => null,
    };
    const rows = Array.from({ length: 12 }, (_, index) => ({ index, values: { google: 'Pune', lat: '', lng: '' } }));
    const { ready } = await runProcessors(rows, [geocode(columns, { geocoder: slow, concurrency: 3 })], ctx);
    expect(ready).toHaveLength(12);
    expect(peak).toBe(3);
  });
});

describe('the pipeline', () => {
  it('runs steps in order, a refused row leaving with its reason, in grid order', async () => {
    const steps: SheetProcessor[] = [
      numbers([{ column: 'n', required: true }]),
      { name: 'odd', run: (v) => (Number(v.n) % 2 ? { values: { ...v, odd: 'yes' } } : { error: 'even' }) },
    ];
    const rows = [
      { index: 4, values: { n: 'x' } },
      { index: 1, values: { n: '3' } },
      { index: 2, values: { n: '2' } },
    ];
    expect(await runProcessors(rows, steps, ctx)).toEqual({
      ready: [{ index: 1, values: { n: '3', odd: 'yes' } }],
      refused: [
        { index: 2, error: 'even' },
        { index: 4, error: 'Please enter valid number' },
      ],
    });
  });

  it('refuses every row when a step cannot prepare, and one row when it throws on it', async () => {
    const failing: SheetProcessor = {
      name: 'routes',
      prepare: () => Promise.reject(new Error('Error while fetching data')),
      run: (v) => ({ values: v }),
    };
    expect((await runProcessors([{ index: 0, values: {} }], [failing], ctx)).refused).toEqual([
      { index: 0, error: 'Error while fetching data' },
    ]);
    const throwing: SheetProcessor = {
      name: 'geocode',
      run: (v) => (v.a ? { values: v } : Promise.reject(new Error('down'))),
    };
    const out = await runProcessors(
      [
        { index: 0, values: { a: '1' } },
        { index: 1, values: {} },
      ],
      [throwing],
      ctx,
    );
    expect(out.ready.map((r) => r.index)).toEqual([0]);
    expect(out.refused).toEqual([{ index: 1, error: 'down' }]);
  });

  it('keeps results in order whatever the lanes', async () => {
    expect(await mapLimit([5, 1, 3], 2, async (n) => n * 2)).toEqual([10, 2, 6]);
    expect(await mapLimit([], 4, (n: number) => n)).toEqual([]);
  });
});
