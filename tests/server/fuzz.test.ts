import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '../../schemas/api';
import { allCalls } from '../../schemas/api/all-calls';
import { isAjvDefaultText } from '../../schemas/readable-messages';
import { STT_TOO_LONG } from '../../schemas/route';
import { VALID_FROM_TOO_EARLY } from '../../schemas/route-master';
import { dataErrorHandler } from '../../server/http/data-envelope';
import { TEXT_GUARD_MSG } from '../../server/http/text-guard';
import { errorHandler } from '../../server/http/validation';
import { EVERY_BACKEND, bootFresh, count, randomIp, type TestApp } from './helper';
import { fuzzRequest, loadSeedIds, prng, type FuzzRequest } from './fuzz-input';

/**
 * Odd input answers 400 with a clear text and changes nothing, never 5xx: the reported cases (a NUL in a vehicle
 * label, a lone surrogate in a place label, validFrom 1e308), then a bounded, seeded fuzz run over every call of the
 * contracts: odd text, numbers, types, nesting, query strings and path ids, sent with a desk token and the seed's
 * company and branch so the requests reach the handlers. FUZZ_SEED runs another seed; a failure names the seed and
 * the request (FUZZ_LOG=1 prints the server's errors).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_109);
/** Odd requests per call (about 2,800 in all), after one plausible request: each field of a call is tried. */
const PER_CALL = 40;
/**
 * With both backends, they share the sweep: the requests are drawn as for one, and each backend sends every other one
 * (the first, the plausible one, goes to both), so together they send each drawn request once and the run costs what
 * one backend's sweep did.
 */
const sentOn = (backend: number, i: number) =>
  i === 0 || EVERY_BACKEND.length === 1 || i % EVERY_BACKEND.length === backend;
/** The calls a sweep's request reached (answered with success), on any backend, and the backends swept so far. */
const reachedOnAny = new Set<string>();
const swept = new Set<string>();

/** A request part for the failure message: runs of one character shortened ("x×5000"), then cut at `max`. */
function shown(text: string | Buffer | undefined, max: number): string {
  if (text === undefined) return '';
  const short = (typeof text === 'string' ? text : `<bytes ${text.toString('hex')}>`).replace(
    /(.)\1{19,}/gsu,
    (run, c: string) => `${c}×${[...run].length}`,
  );
  return JSON.stringify(short.length > max ? `${short.slice(0, max)}...` : short);
}

const TATA = 'c=1001&b=3101&d=31011&t=CONSIGNOR&pt=TRANSPORTER';
const waypoint = (label: string) => ({
  label,
  google: {
    place_id: 'in:po:410206:panvel',
    formatted_address: 'Panvel, Maharashtra, India',
    geometry: { location: { lat: 18.99, lng: 73.11 } },
  },
});
/** A place at `location` (raw JSON, so that 1e400 and -0 travel as written), with `extra` fields. */
const placeAt = (location: string, extra = '') =>
  `{"label":"Halt","google":{"place_id":"in:po:410206:panvel","geometry":{"location":${location}}}${extra}}`;
const PANVEL = placeAt('{"lat":18.99,"lng":73.11}');
const LAT_LONG = 'Please enter valid lat long';

/** Where a sampled body holds a number its schema bounds: the path, and the schema's bounds. */
interface NumberSite {
  path: (string | number)[];
  low: boolean;
}

/** The bounded numbers of a body sampled from `schema` (properties and list items followed). */
function numberSites(
  node: unknown,
  value: unknown,
  path: (string | number)[] = [],
  out: NumberSite[] = [],
): NumberSite[] {
  if (!node || typeof node !== 'object') return out;
  const schema = node as {
    type?: string | string[];
    minimum?: number;
    exclusiveMinimum?: number;
    maximum?: number;
    items?: unknown;
    properties?: Record<string, unknown>;
  };
  const types: unknown[] = [schema.type ?? []].flat();
  if (
    typeof value === 'number' &&
    (types.includes('number') || types.includes('integer')) &&
    schema.maximum !== undefined
  ) {
    out.push({ path, low: schema.minimum !== undefined || schema.exclusiveMinimum !== undefined });
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      numberSites(schema.items, item, [...path, i], out);
    });
  } else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) numberSites(schema.properties?.[key], item, [...path, key], out);
  return out;
}

/** `body` with the value at `path` set to `next`. */
function withValue(body: unknown, path: (string | number)[], next: number): unknown {
  type Node = Record<string | number, unknown>;
  const copy = structuredClone(body);
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Node)[key], copy) as Node;
  parent[path[path.length - 1]] = next;
  return copy;
}

const rate = {
  partnerId: '2001',
  validFrom: Date.parse('2026-07-01T00:00:00+05:30'),
  vehicleId: 'veh_tsl_trailer40',
  materialId: 'mat_tsl_tmt',
  loadType: 'FTL',
  data: [{ key: 'ROUTE_COST', value: 52000, unit: 'TRUCK' }],
};

/** The texts an answer shows people: every string under a `message`, `messages` or `error` key, at any depth. */
function answerTexts(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const texts: string[] = [];
  const walk = (value: unknown, shownToPeople: boolean): void => {
    if (typeof value === 'string') {
      if (shownToPeople) texts.push(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, shownToPeople);
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value))
        walk(inner, shownToPeople || ['message', 'messages', 'error'].includes(key));
    }
  };
  walk(parsed, false);
  return texts;
}

describe.each(EVERY_BACKEND)('odd requests on $name', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await bootFresh(backend, process.env.FUZZ_LOG ? { logger: { level: 'error' } } : {});
    token = (await t.login('ops@demo.local')).deskToken;
    await loadSeedIds(t.store);
  });
  afterAll(() => t?.close());

  /** Sends `body` as this JSON text (escapes such as \u0000 and \ud800 travel as written). */
  async function send(method: 'GET' | 'POST', url: string, body?: string) {
    const res = await t.app.inject({
      method,
      url,
      payload: body,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  }

  /** Sends a fuzzed request of `call` from a fresh address. */
  async function sendFuzzed(call: Contract, request: FuzzRequest) {
    const answer = await t.app.inject({
      method: request.method,
      url: request.url,
      remoteAddress: randomIp(),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ...(request.body !== undefined && { payload: request.body }),
    });
    // The token should outlive the run (the auth calls, logout among them, come last); if not, the run logs in again.
    if (answer.statusCode === 401 && !call.public) token = (await t.login('ops@demo.local')).deskToken;
    return answer;
  }

  it('refuses control characters in a text, naming the field, and stores nothing', async () => {
    const before = await count(t.store, 'company_vehicles');
    const url = `/saas/lego/company_vehicles/create?${TATA}`;
    expect(await send('POST', url, '{"label":"a\\u0000b"}')).toMatchObject({
      status: 400,
      body: { message: ['label must not contain control characters'] },
    });
    expect(await send('POST', url, '{"label":"a\\u001bb"}')).toMatchObject({
      status: 400,
      body: { message: ['label must not contain control characters'] },
    });
    expect(await count(t.store, 'company_vehicles')).toBe(before);
    expect(await send('POST', url, '{"label":"Trailer\\t40 ft 😀"}')).toMatchObject({ status: 200 });
  });

  it('refuses a lone surrogate in a place label and stores nothing', async () => {
    const before = await count(t.store, 'route_waypoints');
    const url = `/saas/lego/company_routes_waypoints/create?${TATA}&routeId=rt_tsl_jsr_ccu`;
    for (const label of ['\\ud800', 'Halt \\udc00']) {
      const body = JSON.stringify(waypoint('LABEL')).replace('LABEL', label);
      expect(await send('POST', url, body)).toMatchObject({
        status: 400,
        body: { message: ['label must be valid Unicode text'] },
      });
    }
    expect(await count(t.store, 'route_waypoints')).toBe(before);
  });

  it('refuses numbers beyond what a field holds, with a readable text, and stores nothing', async () => {
    const before = await count(t.store, 'route_master');
    const url = `/saas/lego/company_routes_master/create?${TATA}&routeId=rt_tsl_jsr_rou`;
    const withValidFrom = (value: string) =>
      JSON.stringify({ ...rate, validFrom: 0 }).replace('"validFrom":0', `"validFrom":${value}`);
    expect(await send('POST', url, withValidFrom('1e308'))).toMatchObject({
      status: 400,
      body: { message: ['Valid from date must be before the year 10000'] },
    });
    expect(await send('POST', url, withValidFrom('9223372036854775808'))).toMatchObject({
      status: 400,
      body: { message: ['Valid from date must be before the year 10000'] },
    });
    expect(await send('POST', url, withValidFrom('1e400'))).toMatchObject({
      status: 400,
      body: { message: ['Please select valid from date'] },
    });
    const cost = JSON.stringify({ ...rate, data: [{ key: 'ROUTE_COST', value: 1e308, unit: 'TRUCK' }] });
    expect(await send('POST', url, cost)).toMatchObject({
      status: 400,
      body: { message: ['Please enter a number of at most 1,000,000,000'] },
    });
    expect(await count(t.store, 'route_master')).toBe(before);
  });

  it('refuses coordinates, radius and transit times out of range, with their texts, and stores nothing', async () => {
    const before = { routes: await count(t.store, 'routes'), waypoints: await count(t.store, 'route_waypoints') };
    const save = `/saas/lego/company_routes/create_or_update?${TATA}`;
    const route = (origin: string, extra = '') =>
      `{"label":"Far away","origin":${origin},"destination":${PANVEL}${extra}}`;
    for (const location of [
      '{"lat":999,"lng":73.11}',
      '{"lat":18.99,"lng":1e308}',
      '{"lat":-90.001,"lng":73.11}',
      '{"lat":18.99,"lng":180.5}',
      '{"lat":1e400,"lng":0}',
    ]) {
      expect(await send('POST', save, route(placeAt(location))), location).toMatchObject({
        status: 400,
        body: { message: [LAT_LONG] },
      });
    }
    for (const stt of ['1e308', '1e20', '600001']) {
      expect(await send('POST', save, route(PANVEL, `,"stt":${stt}`)), stt).toMatchObject({
        status: 400,
        body: { message: [STT_TOO_LONG] },
      });
    }
    const waypoint = `/saas/lego/company_routes_waypoints/create?${TATA}&routeId=rt_tsl_jsr_ccu`;
    expect(await send('POST', waypoint, placeAt('{"lat":999,"lng":1e308}'))).toMatchObject({
      status: 400,
      body: { message: [LAT_LONG] },
    });
    expect(await send('POST', waypoint, placeAt('{"lat":18.99,"lng":73.11}', ',"geofenceRadius":1e308'))).toMatchObject(
      {
        status: 400,
        body: { message: ['Geo Fence Radius must be at most 50 km'] },
      },
    );
    // Bulk rows: each is refused on its own with its text.
    const rows = [
      `{"label":"A","stt":1e308,"places":[${PANVEL},${PANVEL}]}`,
      `{"label":"B","stt":1e20,"places":[${PANVEL},${PANVEL}]}`,
      `{"label":"C","stt":2147483648,"places":[${PANVEL},${PANVEL}]}`,
      `{"label":"D","places":[${placeAt('{"lat":999,"lng":73.11}')},${PANVEL}]}`,
    ];
    const bulk = await send('POST', `/saas/lego/company_routes/create?${TATA}`, `[${rows.join(',')}]`);
    expect(bulk).toMatchObject({
      status: 200,
      body: { data: [{ error: STT_TOO_LONG }, { error: STT_TOO_LONG }, { error: STT_TOO_LONG }, { error: LAT_LONG }] },
    });
    expect({ routes: await count(t.store, 'routes'), waypoints: await count(t.store, 'route_waypoints') }).toEqual(
      before,
    );
    // The bounds themselves are taken.
    expect((await send('POST', save, route(placeAt('{"lat":-90,"lng":180}'), ',"stt":600000'))).status).toBe(200);
    expect((await send('POST', waypoint, placeAt('{"lat":90,"lng":-180}', ',"geofenceRadius":50'))).status).toBe(200);
    expect({ routes: await count(t.store, 'routes'), waypoints: await count(t.store, 'route_waypoints') }).toEqual({
      routes: before.routes + 1,
      waypoints: before.waypoints + 1,
    });
  });

  it('refuses a valid-from date before 2000, or a number that reads as 0, and stores nothing', async () => {
    const before = await count(t.store, 'route_master');
    const url = `/saas/lego/company_routes_master/create?${TATA}&routeId=rt_tsl_jsr_rou`;
    const withValidFrom = (value: string) =>
      JSON.stringify({ ...rate, validFrom: 0 }).replace('"validFrom":0', `"validFrom":${value}`);
    for (const value of ['0', '-0', '1e-400', String(Date.UTC(1999, 11, 30))]) {
      expect(await send('POST', url, withValidFrom(value)), value).toMatchObject({
        status: 400,
        body: { message: [VALID_FROM_TOO_EARLY] },
      });
    }
    const stt = JSON.stringify({
      ...rate,
      data: [...rate.data, { key: 'STANDARD_TRANSIT_TIME', value: 600_001, unit: 'FIXED' }],
    });
    expect(await send('POST', url, stt)).toMatchObject({ status: 400, body: { message: [STT_TOO_LONG] } });
    expect(await count(t.store, 'route_master')).toBe(before);
    expect((await send('POST', url, withValidFrom(String(Date.UTC(2000, 0, 1))))).status).toBe(200);
    expect(await count(t.store, 'route_master')).toBe(before + 1);
  });

  it('refuses every bounded number of every body beyond its bounds (1e308, -1e308), with a message', async () => {
    const refused: string[] = [];
    const accepted: string[] = [];
    for (const call of allCalls.filter((c) => c.body && c.service !== 'auth')) {
      const plausible = fuzzRequest(call, prng(SEED), 0);
      const body: unknown = JSON.parse(String(plausible.body));
      for (const site of numberSites(call.body, body)) {
        for (const value of site.low ? [1e308, -1e308] : [1e308]) {
          const answer = await t.app.inject({
            method: call.method,
            url: plausible.url,
            payload: JSON.stringify(withValue(body, site.path, value)),
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          });
          const text = JSON.parse(answer.body);
          const where = `${call.id} ${site.path.join('.')}=${value}`;
          (answer.statusCode === 400 && (text.message?.length || text.result?.message) ? refused : accepted).push(
            `${where} → ${answer.statusCode}`,
          );
        }
      }
    }
    expect(accepted).toEqual([]);
    // The reported fields are among those tried.
    for (const field of [
      'routes.createOrUpdate origin.google.geometry.location.lat',
      'routes.createOrUpdate stt',
      'waypoints.create geofenceRadius',
      'routeMaster.create validFrom',
    ]) {
      expect(
        refused.some((line) => line.startsWith(`${field}=`)),
        field,
      ).toBe(true);
    }
  });

  it('refuses control characters in a query or path parameter, naming it', async () => {
    expect(await send('GET', '/saas/lego/company_vehicles/fetch?c=1001&b=31%000')).toMatchObject({
      status: 400,
      body: { message: ['b must not contain control characters'] },
    });
    expect(await send('GET', '/tms/transporters/trn%00?c=1001')).toMatchObject({
      status: 400,
      body: { message: ['id must not contain control characters'] },
    });
    expect(await send('GET', '/saas/data/automation/getAlerts?companyId=1001%01')).toMatchObject({
      status: 400,
      body: { status: 'error', result: { status: 0, message: 'companyId must not contain control characters' } },
    });
  });

  it('refuses a body nested too deeply', async () => {
    const deep = `{"featureKey":"useNeoAlertModule","companyId":"1001","enabled":1,"extracontext":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    expect(await send('POST', '/saas/data/onBoardingAPI/updateUIConfig', deep)).toMatchObject({
      status: 400,
      body: { status: 'error', result: { status: 0, message: TEXT_GUARD_MSG.deep } },
    });
  });

  it('answers a value the database refuses with 400 Invalid value, in either envelope (the safety net)', async () => {
    const app = Fastify();
    app.setErrorHandler(errorHandler);
    const refused = ["select 'abc'::int", 'select 2147483648::int', 'select 1 / 0', "select '\\u0000'::jsonb"];
    for (const [i, sql] of refused.entries()) {
      app.get(`/main/${i}`, () => t.store.query(sql));
      app.get(`/data/${i}`, { errorHandler: dataErrorHandler }, () => t.store.query(sql));
    }
    app.get('/other', () => t.store.query('select * from no_such_table'));
    for (let i = 0; i < refused.length; i += 1) {
      expect((await app.inject(`/main/${i}`)).json(), refused[i]).toEqual({
        success: false,
        data: null,
        message: ['Invalid value'],
      });
      expect((await app.inject(`/data/${i}`)).json(), refused[i]).toEqual({
        status: 'error',
        result: { status: 0, message: 'Invalid value' },
      });
    }
    expect((await app.inject('/other')).statusCode).toBe(500);
    await app.close();
  });

  // Last: the run changes the seed's data.
  it('answers no odd request with a 5xx', async () => {
    const rng = prng(SEED);
    const failures: string[] = [];
    const developerTexts: string[] = [];
    const reached = new Set<string>();
    // The auth calls last: a logout must not take the token from the others.
    const calls = [...allCalls].sort((a, b) => Number(a.service === 'auth') - Number(b.service === 'auth'));
    for (const call of calls) {
      for (let i = 0; i <= PER_CALL; i += 1) {
        const request = fuzzRequest(call, rng, i);
        if (!sentOn(EVERY_BACKEND.indexOf(backend), i)) continue;
        const answer = await sendFuzzed(call, request);
        if (answer.statusCode < 300) reached.add(call.id);
        // A 5xx the spec asks for, in the words it gives (a taken event name: 500 'Event is already created'), is no
        // failure; any other is.
        const asked = call.messages?.some((text) => answer.body.includes(JSON.stringify(text)));
        if (answer.statusCode >= 500 && !(call.answers?.[answer.statusCode] && asked)) {
          failures.push(
            `${request.method} ${shown(request.url, 300)} body ${shown(request.body, 1500)} → ${answer.statusCode} ${answer.body.slice(0, 200)} (FUZZ_SEED=${SEED})`,
          );
        }
        const raw = answerTexts(answer.body).filter(isAjvDefaultText);
        if (raw.length)
          developerTexts.push(
            `${request.method} ${shown(request.url, 200)} body ${shown(request.body, 300)} → ${raw.join(' | ')} (FUZZ_SEED=${SEED})`,
          );
      }
    }
    expect(failures.slice(0, 20), `${failures.length} answers of 5xx, the first 20 shown`).toEqual([]);
    // Every refusal is worded for people: none carries one of ajv's default texts ('must NOT have more than…').
    expect(
      developerTexts.slice(0, 20),
      `${developerTexts.length} answers with a validator's default text, the first 20 shown`,
    ).toEqual([]);
    // The run reached the handlers: most calls answered some request with success, so the scope checks let them in.
    // Judged over the whole sweep once every backend has sent its share.
    for (const id of reached) reachedOnAny.add(id);
    swept.add(backend.name);
    if (swept.size === EVERY_BACKEND.length) {
      const unreached = allCalls.filter((c) => !reachedOnAny.has(c.id)).map((c) => c.id);
      expect(reachedOnAny.size, `calls no request reached: ${unreached.join(' ')}`).toBeGreaterThan(
        allCalls.length * 0.6,
      );
    }
    expect((await t.call('GET', '/health')).body).toEqual({ status: 'ok' });
  }, 300_000);
});
