/**
 * Seeded odd requests for the fuzz run (tests/server/fuzz.test.ts): a plausible request per contract, built from
 * its schemas and the seed's ids so that it gets past the scope checks, then one or two mutations of it (control
 * characters, lone surrogates, huge numbers, wrong types, deep nesting, odd query strings and path ids). The same
 * seed gives the same requests, so a failure reproduces.
 */
import { allCalls } from '../../schemas/api/all-calls';
import type { Queryable } from '../../server/store/store';
import { fullPath, SERVICE_BASES, type Contract } from '../../schemas/api';
import { fteidOf } from '../../server/rules/fteid';

/** A JSON Schema node, as far as sampling reads it. */
interface Schema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema | Schema[];
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  then?: Schema;
}
type Path = (string | number)[];

/** A small seeded generator (mulberry32). */
export function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)] };
}
export type Rng = ReturnType<typeof prng>;

/** A request as sent: the raw body text (escapes such as \ud800 stay as JSON writes them). */
export interface FuzzRequest {
  method: Contract['method'];
  url: string;
  body?: string | Buffer;
}

/** Values of the seed (company 1001, branch 3101 of the demo) by field name, so a request reaches its handler. */
const SEED_VALUES: Record<string, unknown> = {
  // A list export's columns and time zone (schemas/api/exports.ts).
  columns: JSON.stringify([{ title: 'Id', field: 'id' }]),
  tz: 'Asia/Kolkata',
  c: '1001',
  b: '3101',
  d: '31011',
  t: 'CONSIGNOR',
  pt: 'TRANSPORTER',
  cId: '1001',
  bId: '3101',
  companyId: '1001',
  CompanyId: '1001',
  company_id: '1001',
  branchId: '3101',
  branch_id: '3101',
  departmentId: '31011',
  partnerId: '2001',
  entity_id: '1001',
  identifier: 'nobody@demo.local',
  email: 'nobody@demo.local',
  email_recipients: 'nobody@demo.local',
  q: 'jams',
  input: 'jam',
  address: 'Jamshedpur',
  latlng: '22.80,86.18',
  place_id: 'in:po:831001:jamshedpur',
  phoneNumber: '9876543210',
  alertId: 'alc_1001_long_stoppage',
  // The trip utilities and the viewers (the seed's open trip, the company's entity id and a stored config key).
  tripId: 'TRP1001001',
  // A sheet row of an alert impact preview: the alert it proposes; and a configuration, as the alerts store it.
  values: { Alert_Name: 'long_stoppage' },
  configs: [{ featureKey: 'long_stoppage', enabled: true, extraContext: '[{"longstoppage_l1": {"short": 30}}]' }],
  section: 'full',
  configKey: 'trip',
  fteid: fteidOf({ companyId: '1001', companyType: 'CONSIGNOR', branchId: null, departmentId: null }),
  param: JSON.stringify([{ companyId: 1001, companyType: 'CONSIGNOR' }]),
  filter: JSON.stringify({ c: 1001, partner_type: 'TRN' }),
};

/**
 * The seed's record of each kind a call names by id (`owns` in its contract), read from the database the test boots:
 * the company's first by id. A call naming no record of a kind gets the company's id.
 */
const seedIds = new Map<string, string>();

/** Reads the seed's record of every kind the calls name by id, in `companyId` (before the first request). */
export async function loadSeedIds(store: Queryable, companyId = '1001'): Promise<void> {
  const aggregates = new Map(allCalls.flatMap((call) => (call.owns ?? []).map((o) => [o.aggregate.name, o.aggregate])));
  for (const aggregate of aggregates.values()) {
    const row = await store.one<{ id: string }>(
      `select ${aggregate.id}::text as id from ${aggregate.table}
        where ${aggregate.company ?? 'company_id'}::text = $1 order by 1 limit 1`,
      [companyId],
    );
    if (row) seedIds.set(aggregate.name, row.id);
  }
  // A call that names a branch by id (its departments) names no record of one: the company's first branch.
  const branch = await store.one<{ id: string }>('select id from branches where company_id = $1 order by 1 limit 1', [
    companyId,
  ]);
  if (branch) seedIds.set('branch', branch.id);
}

/** The id a call's `id` (or `customerConfigId`) names: the seed's record of the kind the call owns there. */
function idFor(call: Contract): string {
  const owned = call.owns?.find((o) => /\.(id|customerConfigId)$/.test(o.id)) ?? call.owns?.[0];
  if (owned) return seedIds.get(owned.aggregate.name) ?? '1001';
  return (/branch/.test(call.path) && seedIds.get('branch')) || '1001';
}

const FORMATS: Record<string, string> = {
  email: 'nobody@demo.local',
  'dmy-date': '01/07/2026',
  latlng: '22.80,86.18',
  date: '2026-07-01',
  'date-time': '2026-07-01T10:00:00Z',
  uri: 'https://example.com/a',
  time: '10:00:00',
};

/** The first branch that applies at a schema's level merged into it (allOf, then, the first anyOf/oneOf). */
function flatten(schema: Schema): Schema {
  const parts = [...(schema.allOf ?? []), schema.then, schema.anyOf?.[0], schema.oneOf?.[0]].filter(
    (p): p is Schema => Boolean(p) && typeof p === 'object',
  );
  return parts.reduce<Schema>((out, part) => {
    const flat = flatten(part);
    return {
      ...flat,
      // biome-ignore lint/performance/noAccumulatingSpread: a schema level has a handful of branches at most
      ...out,
      properties: { ...flat.properties, ...out.properties },
      required: [...(out.required ?? []), ...(flat.required ?? [])],
    };
  }, schema);
}

/** A plausible value of a schema: its const, first enum value or default, the seed's value for its name, or one of its type. */
export function sample(raw: Schema | undefined, name: string | undefined, call: Contract, depth = 0): unknown {
  if (!raw || typeof raw !== 'object' || depth > 8) return 'abc';
  const schema = flatten(raw);
  if ('const' in schema) return schema.const;
  if (name === 'id' || name === 'customerConfigId') return idFor(call);
  // A record the call names by this field (its contract `owns` it there): the seed's record of that kind.
  const owned = name ? call.owns?.find((o) => o.id.endsWith(`.${name}`)) : undefined;
  if (owned && seedIds.has(owned.aggregate.name)) return seedIds.get(owned.aggregate.name);
  if (name && name in SEED_VALUES) return SEED_VALUES[name];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema) return schema.default;
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const type = types[0] ?? (schema.properties ? 'object' : schema.items ? 'array' : 'string');
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([key, sub]) => [
          key,
          sample(sub, key, call, depth + 1),
        ]),
      );
    case 'array': {
      const items = Array.isArray(schema.items) ? schema.items : [schema.items ?? {}];
      const count = Math.max(schema.minItems ?? 1, items.length);
      return Array.from({ length: count }, (_, i) =>
        sample(items[Math.min(i, items.length - 1)], undefined, call, depth + 1),
      );
    }
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return FORMATS[schema.format ?? ''] ?? 'abc'.padEnd(Math.max(3, schema.minLength ?? 0), 'x');
  }
}

/** C0 control characters other than tab, line feed and carriage return, and DEL. */
const CONTROLS = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).filter((c) => !'\t\n\r'.includes(c)),
  '\u007f',
];

/** Written into the JSON text as is (percent-encoded here): what JSON.stringify cannot write, or not that deep. */
const RAW = '\u{f8ff}raw:';
const raw = (text: string) => `${RAW}${encodeURIComponent(text)}`;

/** Lists or objects nested `levels` deep, as raw JSON. */
const deep = (levels: number, rng: Rng): unknown =>
  raw(
    rng.next() < 0.5
      ? `${'['.repeat(levels)}0${']'.repeat(levels)}`
      : `${'{"a":'.repeat(levels)}0${'}'.repeat(levels)}`,
  );

/** Numbers JSON.stringify cannot write (1e400 parses as Infinity) or writes otherwise. */
const RAW_NUMBERS = ['1e400', '-1e400', '1E308', '100000000000000000000000000000', '-0', '1.0', '5e-324'];

/** Odd text: control characters, lone surrogates, huge, blank, or numbers and names in words. */
function oddText(rng: Rng): string {
  return rng.pick<() => string>([
    () => `a${rng.pick(CONTROLS)}b`,
    () => 'a\u0000b',
    () => rng.pick(['\ud800', 'a\udc00b', '\ud83d', 'x\udfff', '\udbff\ud800']),
    () => 'x'.repeat(rng.pick([300, 5_000, 70_000])),
    () =>
      rng.pick([
        '',
        ' ',
        '   \t ',
        '\n',
        '\u00a0',
        '\u202e',
        '😀',
        'é',
        "'; drop table x; --",
        '%00',
        '__proto__',
        '..\\..',
      ]),
    () => rng.pick(['99999999999999999999', '-1', '1e308', 'NaN', '0x10', '1.5', '-0', 'true', 'null', '[]']),
  ])();
}

/** Odd numbers: beyond every column type, negative, fractional, or not a number JavaScript can hold. */
function oddNumber(rng: Rng): unknown {
  if (rng.next() < 0.25) return raw(rng.pick(RAW_NUMBERS));
  return rng.pick([
    1e308,
    -1e308,
    1.5,
    -1,
    0,
    2 ** 31,
    2 ** 53 + 2,
    2 ** 63,
    -(2 ** 63),
    5e-324,
    1e21,
    1.2345678901234568e29, // what 123456789012345678901234567890 becomes: the nearest double
  ]);
}

/** Values of another kind than expected: null, booleans, lists, objects, deep nesting, long lists. */
function oddShape(rng: Rng): unknown {
  return rng.pick<() => unknown>([
    () =>
      rng.pick<unknown>([
        null,
        true,
        false,
        [],
        {},
        [null],
        [[]],
        { a: 1 },
        ['a\u0000'],
        { '\u0000': 1 },
        { '\ud800': 'x' },
        ['x'.repeat(300)],
      ]),
    () => deep(rng.pick([40, 300, 5_000]), rng),
    () => Array.from({ length: rng.pick([50, 2_000]) }, (_, i) => ({ n: i })),
  ])();
}

/** An odd value in place of `like`: mostly of its own kind (text for text, numbers for numbers), else any. */
export function oddValue(rng: Rng, like?: unknown): unknown {
  const kind = rng.next() < 0.65 ? typeof like : rng.pick(['string', 'number', 'object']);
  if (kind === 'string') return oddText(rng);
  if (kind === 'number') return oddNumber(rng);
  return rng.next() < 0.3 ? rng.pick([oddText, oddNumber])(rng) : oddShape(rng);
}

/** Every path into a JSON value (the value itself first). */
function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (value && typeof value === 'object' && path.length < 12) {
    for (const [key, sub] of Object.entries(value))
      pathsOf(sub, [...path, Array.isArray(value) ? Number(key) : key], out);
  }
  return out;
}

/** `value` with the node at `path` replaced by `next` (undefined removes it). */
function replaced(value: unknown, path: Path, next: unknown): unknown {
  if (!path.length) return next;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  if (next === undefined && !rest.length) delete copy[head];
  else copy[head] = replaced(copy[head], rest, next);
  return copy;
}

const nodeAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | null | undefined)?.[key], value);

/** The body with the node at `path` made odd: replaced, removed, or (an object) given an unknown, oddly named field. */
function mutateBody(body: unknown, path: Path, rng: Rng): unknown {
  const node = nodeAt(body, path);
  const roll = rng.next();
  if (roll < 0.1 && path.length) return replaced(body, path, undefined);
  if (roll < 0.25 && node && typeof node === 'object' && !Array.isArray(node)) {
    const key = rng.pick(['zzUnknown', 'a\u0000b', '\ud800', 'constructor', 'x'.repeat(500)]);
    return replaced(body, path, { ...node, [key]: oddValue(rng) });
  }
  return replaced(body, path, oddValue(rng, node));
}

/** Raw bodies that are not a plain JSON object. */
const RAW_BODIES: (string | Buffer)[] = [
  '',
  'null',
  '[]',
  '"a\\u0000b"',
  '{',
  '{"a":1,"a":2}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"\\ud800":"\\udc00"}',
  '1e400',
  'x'.repeat(20),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0x22, 0x7d]),
];

const writeJson = (value: unknown) =>
  JSON.stringify(value).replace(new RegExp(`"${RAW}([^"]*)"`, 'gu'), (_, text: string) => decodeURIComponent(text));

/** Odd query values, already written as they travel (percent escapes included). */
const ODD_QUERY = [
  '%00',
  'a%00b',
  '%01',
  '%1F',
  '%7F',
  '%ED%A0%80',
  '%ED%B0%80',
  '%C0%80',
  '%FF',
  '%',
  '%E0%A4%A',
  '%uD800',
  'x'.repeat(5_000),
  '',
  '%20',
  '-1',
  '1.5',
  '1e308',
  '1e400',
  'Infinity',
  '99999999999999999999',
  'abc',
  'null',
  'true',
  '%5B%5D',
  'a%0Ab',
];

type Pairs = [string, string][];

/** The query with its `index`-th pair made odd: an odd value, the key repeated, in brackets, or left out. */
function mutateQuery(pairs: Pairs, index: number, rng: Rng): Pairs {
  const roll = rng.next();
  const key = pairs[index][0];
  if (roll < 0.6) return pairs.map((pair, i) => (i === index ? [key, rng.pick(ODD_QUERY)] : pair));
  if (roll < 0.8) return [...pairs, [key, rng.pick(['1002', '3101', ...ODD_QUERY])]];
  if (roll < 0.9) return [...pairs.filter((_, i) => i !== index), [`${key}[]`, '1'], [`${key}[a]`, '2']];
  return pairs.filter((_, i) => i !== index);
}

const ODD_KEYS = ['zz', '%00', '%ED%A0%80', '__proto__', 'constructor', 'x'.repeat(300)];
const ODD_IDS = [
  '-1',
  '0',
  '99999999999999999999',
  'abc',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF',
  '%20',
  'x'.repeat(3_000),
  '..%2F..%2Fetc',
  '1.5',
  '1e308',
  '%2F',
];

const encode = (value: unknown) => encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));

/** A request being made odd. */
interface Parts {
  query: Pairs;
  params: Record<string, string>;
  body: unknown;
  rawBody?: string | Buffer;
}

/** The plausible request of a call (no mutation): the seed's scope, ids and a body sampled from its schema. */
/**
 * Query parameters a base request leaves out: a list's cursors, valid only as a page before answered them (any other
 * text is refused, so a request with one never reaches its handler; the sweep still sends odd ones).
 */
const UNSAMPLED = new Set(['after', 'before']);

export function baseParts(call: Contract): Parts {
  const queryObject = (sample(call.querystring as Schema | undefined, undefined, call) ?? {}) as Record<
    string,
    unknown
  >;
  const query = Object.entries(call.querystring ? queryObject : {})
    .filter(([key, value]) => value !== null && value !== undefined && !UNSAMPLED.has(key))
    .map(([key, value]): [string, string] => [key, encode(value)]);
  const params = Object.fromEntries(
    Object.keys((call.params as Schema | undefined)?.properties ?? {}).map((name) => [
      name,
      encodeURIComponent(
        name !== 'id' && typeof SEED_VALUES[name] === 'string' ? (SEED_VALUES[name] as string) : idFor(call),
      ),
    ]),
  );
  return { query, params, body: call.body ? sample(call.body as Schema, undefined, call) : undefined };
}

/** One way to make a request odd: a place in it and what to do there. */
type Site = (parts: Parts, rng: Rng) => Parts;

/** Every place of a call's request that can be made odd: each body node, each query pair, each path id, and more. */
function sitesOf(call: Contract, base: Parts): Site[] {
  const sites: Site[] = [];
  if (call.body) {
    for (const path of pathsOf(base.body))
      sites.push((parts, rng) => ({ ...parts, body: mutateBody(parts.body, path, rng) }));
    sites.push((parts, rng) => ({ ...parts, rawBody: rng.pick(RAW_BODIES) }));
  }
  for (const index of base.query.keys())
    sites.push((parts, rng) =>
      parts.query.length
        ? { ...parts, query: mutateQuery(parts.query, Math.min(index, parts.query.length - 1), rng) }
        : parts,
    );
  sites.push((parts, rng) => ({ ...parts, query: [...parts.query, [rng.pick(ODD_KEYS), rng.pick(ODD_QUERY)]] }));
  // A cursor the base request leaves out, sent odd (or a plausible text no page answered).
  const cursors = Object.keys((call.querystring as Schema | undefined)?.properties ?? {}).filter((key) =>
    UNSAMPLED.has(key),
  );
  for (const key of cursors)
    sites.push((parts, rng) => ({ ...parts, query: [...parts.query, [key, rng.pick(['abc', ...ODD_QUERY])]] }));
  for (const name of Object.keys(base.params))
    sites.push((parts, rng) => ({ ...parts, params: { ...parts.params, [name]: rng.pick(ODD_IDS) } }));
  return sites;
}

/**
 * The `n`-th request of `call`: the plausible one for 0; after that each place of the request in turn made odd
 * (so every field is tried), and now and then a second place at random.
 */
export function fuzzRequest(call: Contract, rng: Rng, n: number): FuzzRequest {
  const base = baseParts(call);
  const sites = sitesOf(call, base);
  let parts = base;
  if (n > 0) {
    parts = sites[(n - 1) % sites.length](parts, rng);
    if (rng.next() < 0.3) parts = rng.pick(sites)(parts, rng);
  }
  const path = fullPath(call, SERVICE_BASES).replace(/:(\w+)/g, (_, name: string) => parts.params[name] ?? 'x');
  const search = parts.query.map(([key, value]) => `${key}=${value}`).join('&');
  const text = parts.rawBody ?? (call.body ? writeJson(parts.body) : undefined);
  return { method: call.method, url: search ? `${path}?${search}` : path, ...(text !== undefined && { body: text }) };
}
