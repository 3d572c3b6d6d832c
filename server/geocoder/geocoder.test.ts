import { beforeAll, describe, expect, it } from 'vitest';
import type { Geocoder, Place } from './geocoder';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGazetteerGeocoder, MAX_SUGGESTIONS, preloadGazetteer } from './gazetteer-geocoder';
import { buildGazetteer, gazetteer, gazetteerStatus, type Gazetteer } from './gazetteer-build';
import {
  cacheFile,
  decodeGazetteer,
  encodeGazetteer,
  readCachedGazetteer,
  writeCachedGazetteer,
} from './gazetteer-cache';
import { distanceKm } from '../../schemas/haversine';
import { cleanDistrictName, cleanOfficeName, cleanStateName, normalize, titleCase } from './names';

const MUMBAI = { lat: 19.076, lng: 72.8777 };
const PUNE = { lat: 18.5204, lng: 73.8567 };
const CONNAUGHT_PLACE = { lat: 28.6315, lng: 77.2167 };

const at = (p: Place) => p.geometry.location;

let geocoder: Geocoder;

beforeAll(() => {
  const t0 = performance.now();
  const places = preloadGazetteer();
  console.log(
    `[geocoder] gazetteer ${gazetteerStatus().source === 'cache' ? 'read from the cache' : 'built'} in ${(performance.now() - t0).toFixed(0)} ms: ${places} places`,
  );
  geocoder = createGazetteerGeocoder();
});

describe('distanceKm', () => {
  it('measures Mumbai–Pune at about 120 km', () => {
    const d = distanceKm(MUMBAI, PUNE);
    expect(d).toBeGreaterThan(115);
    expect(d).toBeLessThan(125);
    expect(distanceKm(PUNE, MUMBAI)).toBeCloseTo(d, 9);
  });

  it('is zero for the same point and about 111 km per degree of latitude', () => {
    expect(distanceKm(PUNE, PUNE)).toBe(0);
    expect(distanceKm({ lat: 10, lng: 77 }, { lat: 11, lng: 77 })).toBeCloseTo(111.2, 0);
  });
});

describe('names', () => {
  it('cleans India Post office names for display', () => {
    expect(cleanOfficeName('Andheri East S.O', 'Mumbai', 'Mumbai')).toBe('Andheri East');
    expect(cleanOfficeName('Mumbai G.P.O.', 'Mumbai', 'Mumbai')).toBe('Mumbai');
    expect(cleanOfficeName('Town Hall S.O (Mumbai)', 'Mumbai', 'Mumbai')).toBe('Town Hall');
    expect(cleanOfficeName('Arli (T) B.O', 'Adilabad', 'Adilabad')).toBe('Arli (T)');
    expect(cleanOfficeName('NAGADENAHALLI', 'Bangalore', 'Bangalore North')).toBe('Nagadenahalli');
    expect(cleanOfficeName('M.P.T. S.O', 'Mumbai', 'Mumbai')).toBe('M.P.T.');
    expect(cleanOfficeName('DheolaB.O', 'Mandi', 'Mandi')).toBe('Dheola');
    expect(cleanOfficeName('Puttaparthy Main Bazar NDTSO', 'Anantapur', 'Puttaparthi')).toBe('Puttaparthy Main Bazar');
  });

  it('title-cases upper-case data and keeps mixed case', () => {
    expect(cleanStateName('ANDHRA PRADESH')).toBe('Andhra Pradesh');
    expect(cleanStateName('DAMAN & DIU')).toBe('Daman & Diu');
    expect(cleanDistrictName('Raigarh(MH)')).toBe('Raigarh');
    expect(titleCase('CMM Court complex')).toBe('CMM Court Complex');
  });

  it('normalises for search', () => {
    expect(normalize('  M.G. Road, BENGALURU-560001 ')).toBe('mg road bengaluru 560001');
    expect(normalize('K.K.Road')).toBe('kk road');
    expect(normalize('Daman & Diu')).toBe('daman and diu');
  });
});

describe('suggest', () => {
  it('puts a Pune place first for "Pune", at most 10 results', async () => {
    const s = await geocoder.suggest('Pune');
    expect(s.length).toBeGreaterThan(0);
    expect(s.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
    const firstPune = s.findIndex((x) => x.description.startsWith('Pune, ') && x.description.includes('Maharashtra'));
    expect(firstPune).toBeGreaterThanOrEqual(0);
    expect(firstPune).toBeLessThanOrEqual(1);
    expect(s[0].place_id).toBe('in:dist:maharashtra:pune');
  });

  it('answers "Mumbai" with the city and "Andheri" with the Mumbai office first', async () => {
    const mumbai = await geocoder.suggest('mumbai');
    expect(mumbai[0].description).toBe('Mumbai, Maharashtra, India');
    const andheri = await geocoder.suggest('Andheri');
    expect(andheri[0].description).toBe('Andheri, Mumbai, Maharashtra 400053, India');
    expect(andheri.some((x) => x.description.startsWith('Andheri East, Mumbai'))).toBe(true);
  });

  it('lists the post offices of a 6-digit PIN first', async () => {
    const s = await geocoder.suggest('400001');
    expect(s.length).toBeGreaterThanOrEqual(3);
    for (const x of s) expect(x.description).toContain('Maharashtra 400001, India');
    expect(s[0].description).toBe('Mumbai, Maharashtra 400001, India'); // the GPO leads
    expect(s.filter((x) => x.description.includes('Mumbai')).length).toBeGreaterThanOrEqual(s.length - 1);
    const andheri = await geocoder.suggest('400053');
    expect(andheri[0].description).toBe('Andheri, Mumbai, Maharashtra 400053, India');
  });

  it('matches words inside names, run-together spellings, aliases and several words', async () => {
    expect((await geocoder.suggest('Connaught'))[0].description).toBe(
      'Connaught Place, Central Delhi, Delhi 110001, India',
    );
    expect((await geocoder.suggest('east andheri mumbai'))[0].description).toBe(
      'Andheri East, Mumbai, Maharashtra 400069, India',
    );
    expect((await geocoder.suggest('andheri 400069'))[0].description).toBe(
      'Andheri East, Mumbai, Maharashtra 400069, India',
    );
    expect((await geocoder.suggest('Bengaluru'))[0].description).toBe('Bangalore, Karnataka, India');
    expect(
      (await geocoder.suggest('gondhale nagar')).some((x) => x.description.startsWith('Gondhale Nagar, Pune')),
    ).toBe(true);
    expect(
      (await geocoder.suggest('shivaji nagar pune')).some((x) => x.description.startsWith('Shivajinagar, Pune')),
    ).toBe(true);
  });

  it('ranks exact names, then name prefixes, then word prefixes, then substrings', async () => {
    const s = await geocoder.suggest('Goa');
    expect(s[0].place_id).toBe('in:state:goa');
    const names = s.map((x) => x.description.split(',')[0].toLowerCase());
    const tier = (n: string) => (n === 'goa' ? 0 : n.startsWith('goa') ? 1 : /\bgoa/.test(n) ? 2 : 3);
    const tiers = names.map(tier);
    expect([...tiers].sort((a, b) => a - b)).toEqual(tiers);
  });

  it('returns nothing for empty, 1-character or unknown input, and never more than 10', async () => {
    expect(await geocoder.suggest('')).toEqual([]);
    expect(await geocoder.suggest('   ')).toEqual([]);
    expect(await geocoder.suggest('a')).toEqual([]);
    expect(await geocoder.suggest('qqxqzz')).toEqual([]);
    for (const q of [
      'ab',
      'ma',
      'pur',
      'nagar',
      'new',
      'road',
      '11',
      '4000',
      '56',
      'a b',
      'sri',
      'x'.repeat(300),
      'delhi',
      'Shivaji',
    ]) {
      const s = await geocoder.suggest(q);
      expect(s.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
      expect(new Set(s.map((x) => x.place_id)).size).toBe(s.length);
      for (const x of s) expect(x.place_id).toMatch(/^in:(po:\d{6}|dist|state):[a-z0-9-]+(:[a-z0-9-]+)?$/);
    }
    expect((await geocoder.suggest('ma')).length).toBe(MAX_SUGGESTIONS);
  });
});

describe('details', () => {
  it('round-trips the place_id of every suggestion', async () => {
    for (const q of ['Andheri', 'Pune', '400001', 'Maharashtra', 'Delhi']) {
      for (const s of await geocoder.suggest(q)) {
        const p = await geocoder.details(s.place_id);
        expect(p).not.toBeNull();
        expect(p!.place_id).toBe(s.place_id);
        expect(p!.formatted_address).toBe(s.description);
        expect(p!.name.length).toBeGreaterThan(0);
        expect(distanceKm(at(p!), { lat: 22, lng: 80 })).toBeLessThan(2200); // somewhere in India
      }
    }
  });

  it('gives the known location of Andheri East and null for unknown ids', async () => {
    const p = await geocoder.details('in:po:400069:andheri-east');
    expect(p?.name).toBe('Andheri East');
    expect(p?.formatted_address).toBe('Andheri East, Mumbai, Maharashtra 400069, India');
    expect(distanceKm(at(p!), { lat: 19.1136, lng: 72.8697 })).toBeLessThan(3);
    expect(await geocoder.details('in:po:400069:nowhere')).toBeNull();
    expect(await geocoder.details('in:dist:maharashtra:atlantis')).toBeNull();
    expect(await geocoder.details('ChIJxxxxxxxx')).toBeNull();
    expect(await geocoder.details('')).toBeNull();
  });
});

describe('geocode', () => {
  it('uses the PIN code of an address', async () => {
    const r = await geocoder.geocode('12 MG Road, Bengaluru, Karnataka 560001');
    expect(r).toHaveLength(1);
    expect(r[0].formatted_address).toContain('Karnataka 560001, India');
    expect(distanceKm(at(r[0]), { lat: 12.9756, lng: 77.6066 })).toBeLessThan(3); // MG Road, Bengaluru
    const spaced = await geocoder.geocode('Flat 3, Link Road, Andheri West, Mumbai 400 053');
    expect(spaced[0].formatted_address).toBe('Andheri, Mumbai, Maharashtra 400053, India');
  });

  it('prefers the office of that PIN named in the text', async () => {
    const r = await geocoder.geocode('Stock Exchange Towers, Dalal Street, Mumbai 400001');
    expect(r[0].name).toBe('Stock Exchange');
  });

  it('falls back to the most specific place named in the text', async () => {
    const andheri = await geocoder.geocode('Andheri East, Mumbai, Maharashtra');
    expect(andheri[0].formatted_address).toBe('Andheri East, Mumbai, Maharashtra 400069, India');
    const pune = await geocoder.geocode('Koregaon Park Annexe, Pune');
    expect(pune[0].place_id).toBe('in:dist:maharashtra:pune');
    expect(distanceKm(at(pune[0]), PUNE)).toBeLessThan(10);
    const shivajinagar = await geocoder.geocode('Flat 4, Shivaji Nagar, Pune');
    expect(shivajinagar[0].formatted_address).toBe('Shivajinagar, Pune, Maharashtra 411005, India');
    const aurangabad = await geocoder.geocode('Station Road, Aurangabad, Maharashtra');
    expect(aurangabad[0].formatted_address).toBe('Aurangabad, Maharashtra, India');
    expect((await geocoder.geocode('Bengaluru'))[0].place_id).toBe('in:dist:karnataka:bangalore');
    expect((await geocoder.geocode('Kerala'))[0].place_id).toBe('in:state:kerala');
  });

  it('returns [] when nothing matches', async () => {
    expect(await geocoder.geocode('')).toEqual([]);
    expect(await geocoder.geocode('221B Baker Street, London NW1 6XE')).toEqual([]);
    expect(await geocoder.geocode('Main Road, Near Bus Stand')).toEqual([]);
  });
});

describe('reverse', () => {
  it('finds a New Delhi 1100xx office at Connaught Place', async () => {
    const r = await geocoder.reverse(CONNAUGHT_PLACE.lat, CONNAUGHT_PLACE.lng);
    expect(r).toHaveLength(1);
    expect(r[0].formatted_address).toMatch(/New Delhi.*Delhi 1100\d\d, India$/);
    expect(distanceKm(at(r[0]), CONNAUGHT_PLACE)).toBeLessThan(3);
    expect(await geocoder.details(r[0].place_id)).toEqual(r[0]);
  });

  it('returns the nearest office elsewhere too', async () => {
    const [andheri] = await geocoder.reverse(19.1197, 72.8468);
    expect(andheri.formatted_address).toContain('Mumbai, Maharashtra 4000');
    const [kanyakumari] = await geocoder.reverse(8.0883, 77.5385);
    expect(kanyakumari.formatted_address).toContain('Tamil Nadu 6297');
  });

  it('returns [] outside India (more than 50 km from any post office)', async () => {
    expect(await geocoder.reverse(51.5, -0.12)).toEqual([]);
    expect(await geocoder.reverse(0, 0)).toEqual([]);
    expect(await geocoder.reverse(15, 65)).toEqual([]); // Arabian Sea
    expect(await geocoder.reverse(Number.NaN, 77)).toEqual([]);
  });
});

describe('the cache file', () => {
  /** Field by field: typed arrays by their bytes, maps by their entries. */
  const same = (a: Gazetteer, b: Gazetteer) => {
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    for (const [name, value] of Object.entries(a) as [keyof Gazetteer, unknown][]) {
      const other = b[name];
      if (ArrayBuffer.isView(value)) {
        expect(other?.constructor, name).toBe(value.constructor);
        const bytes = (v: ArrayBufferView) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
        expect(bytes(other as ArrayBufferView).equals(bytes(value)), name).toBe(true);
      } else if (value instanceof Map) expect([...(other as Map<unknown, unknown>)], name).toEqual([...value]);
      else expect(other, name).toEqual(value);
    }
  };

  it('holds exactly what a build gives (so a start from the cache answers like one that built)', () => {
    const built = buildGazetteer();
    same(built, gazetteer()); // what this process uses, from the cache or built
    same(built, decodeGazetteer(encodeGazetteer(built, 'k1'), 'k1')!);
  });

  it('is ignored when written for another key, cut short or not a cache file', () => {
    const file = encodeGazetteer(gazetteer(), 'k1');
    expect(decodeGazetteer(file, 'k2')).toBeNull();
    expect(decodeGazetteer(file.subarray(0, file.length - 9), 'k1')).toBeNull();
    expect(decodeGazetteer(file.subarray(0, 100), 'k1')).toBeNull();
    expect(decodeGazetteer(Buffer.from('not a gazetteer'), 'k1')).toBeNull();
  });

  it('is written atomically under its key, replacing the files of other keys', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gazetteer-cache-'));
    try {
      expect(readCachedGazetteer(dir, 'aaa')).toBeNull();
      expect(writeCachedGazetteer(dir, 'aaa', gazetteer())).toBe(true);
      expect(readCachedGazetteer(dir, 'aaa')?.count).toBe(gazetteer().count);
      expect(writeCachedGazetteer(dir, 'bbb', gazetteer())).toBe(true);
      expect(readdirSync(dir)).toEqual(['gazetteer-bbb.bin']);
      writeFileSync(cacheFile(dir, 'bbb'), 'damaged');
      expect(readCachedGazetteer(dir, 'bbb')).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('speed (printed, not asserted)', () => {
  it('benchmarks each method', async () => {
    const queries = [
      'Pune',
      'Andheri',
      '400053',
      'Mumbai',
      'ma',
      'ban',
      'sri',
      'andheri east mumbai',
      'koramangala',
      'heri',
      '4000',
      'Delhi',
      'nagar',
      'shivaji nagar pune',
    ];
    const time = async (label: string, n: number, f: (k: number) => Promise<unknown>) => {
      for (let k = 0; k < n; k++) await f(k); // warm-up
      const t: number[] = [];
      for (let k = 0; k < n; k++) {
        const t0 = performance.now();
        await f(k);
        t.push(performance.now() - t0);
      }
      t.sort((a, b) => a - b);
      const mean = t.reduce((a, b) => a + b, 0) / n;
      console.log(
        `[geocoder] ${label}: mean ${mean.toFixed(3)} ms, p95 ${t[Math.floor(n * 0.95)].toFixed(3)} ms, max ${t[n - 1].toFixed(3)} ms`,
      );
    };
    await time('suggest', queries.length * 20, (k) => geocoder.suggest(queries[k % queries.length]));
    const addresses = [
      '12 MG Road, Bengaluru, Karnataka 560001',
      'Andheri East, Mumbai, Maharashtra',
      'Flat 4, Shivaji Nagar, Pune',
      'nowhere',
    ];
    await time('geocode', 200, (k) => geocoder.geocode(addresses[k % addresses.length]));
    await time('reverse', 500, (k) => geocoder.reverse(8 + ((k * 7.3) % 28), 69 + ((k * 3.7) % 27)));
    await time('details', 200, () => geocoder.details('in:po:400069:andheri-east'));
  });
});
