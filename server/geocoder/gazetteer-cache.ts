/**
 * The built gazetteer in one compact binary file, so a start loads it in tens of milliseconds instead of building it
 * from the 18 MB data packages (about a second, several under load). The file is keyed by a hash of what the build
 * depends on (its source code and the data packages' versions and sizes): a change to either gives a new key, the old
 * file is ignored and replaced. Writing is atomic (a temporary file renamed), so concurrent starts never read half a
 * file; a file that does not decode is ignored and rebuilt.
 *
 * Layout: 8 bytes magic, 4 bytes header length (LE), the JSON header (key, counts, area ids, contexts, and each
 * section's offset and length), then the sections (typed arrays and UTF-8 strings), each 8-byte aligned.
 *
 * Where: `GAZETTEER_CACHE_DIR`, else `node_modules/.cache/lego-gazetteer` beside the data packages (the cache of the
 * installation, like Vite's). `node --import tsx server/geocoder/gazetteer-cache.ts` writes it ahead of a start.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FromSchema } from 'json-schema-to-ts';
import { keysOf, schemaGuard } from '../../schemas/guards';
import type { Gazetteer } from './gazetteer-build';

const MAGIC = 'LEGOGAZ1';
/** Bumped when the layout changes (the sources' hash covers changes to what is built). */
const FORMAT = 1;

const ARRAYS = {
  kind: Uint8Array,
  rank: Uint8Array,
  sub: Uint16Array,
  lat: Float64Array,
  lng: Float64Array,
  pin: Int32Array,
  district: Int32Array,
  state: Int32Array,
  nameStart: Int32Array,
  segStart: Int32Array,
  segPlace: Int32Array,
  entryPos: Int32Array,
  entrySeg: Int32Array,
  gridCellStart: Int32Array,
  gridItems: Int32Array,
} as const;
type ArrayField = keyof typeof ARRAYS;
const STRINGS = ['names', 'norm'] as const;

/** The JSON header: the key, counts, area ids, contexts, and each section's [offset, bytes]. */
const headerSchema = {
  type: 'object',
  properties: {
    key: { type: 'string' },
    count: { type: 'number' },
    nStates: { type: 'number' },
    officeStart: { type: 'number' },
    areaIds: { type: 'array', items: { type: 'string' } },
    context: { type: 'array', items: { type: 'string' } },
    sections: {
      type: 'object',
      additionalProperties: {
        type: 'array',
        items: [{ type: 'number' }, { type: 'number' }],
        minItems: 2,
        maxItems: 2,
      },
    },
  },
  required: ['key', 'count', 'nStates', 'officeStart', 'areaIds', 'context', 'sections'],
  additionalProperties: false,
} as const;
type Header = FromSchema<typeof headerSchema>;
const isHeader = schemaGuard(headerSchema);

const align8 = (n: number) => (n + 7) & ~7;

/** The file's bytes for a built gazetteer under `key`. */
export function encodeGazetteer(g: Gazetteer, key: string): Buffer {
  const parts: Buffer[] = [];
  const sections: Header['sections'] = {};
  let at = 0;
  const add = (name: string, bytes: Buffer) => {
    sections[name] = [at, bytes.length];
    parts.push(bytes);
    const padded = align8(bytes.length);
    if (padded > bytes.length) parts.push(Buffer.alloc(padded - bytes.length));
    at += padded;
  };
  for (const name of keysOf(ARRAYS)) {
    const a = g[name];
    add(name, Buffer.from(a.buffer, a.byteOffset, a.byteLength));
  }
  for (const name of STRINGS) add(name, Buffer.from(g[name], 'utf8'));
  const context = Array.from({ length: g.officeStart }, (_, i) => g.context.get(i) ?? '');
  const header: Header = {
    key,
    count: g.count,
    nStates: g.nStates,
    officeStart: g.officeStart,
    areaIds: g.areaIds,
    context,
    sections,
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const lead = Buffer.alloc(align8(MAGIC.length + 4 + json.length));
  lead.write(MAGIC, 0, 'latin1');
  lead.writeUInt32LE(json.length, MAGIC.length);
  json.copy(lead, MAGIC.length + 4);
  return Buffer.concat([lead, ...parts]);
}

/** The gazetteer in `file` if it is a whole file written under `key`, else null. */
export function decodeGazetteer(file: Buffer, key: string): Gazetteer | null {
  try {
    if (file.length < MAGIC.length + 4 || file.toString('latin1', 0, MAGIC.length) !== MAGIC) return null;
    const jsonLength = file.readUInt32LE(MAGIC.length);
    const base = align8(MAGIC.length + 4 + jsonLength);
    if (base > file.length) return null;
    const header: unknown = JSON.parse(file.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + jsonLength));
    if (!isHeader(header) || header.key !== key) return null;
    const section = (name: string): Buffer | null => {
      const [offset, bytes] = header.sections[name] ?? [-1, 0];
      if (offset < 0 || base + offset + bytes > file.length) return null;
      return file.subarray(base + offset, base + offset + bytes);
    };
    /** A section as its typed array; throws (the file is not read) when it is missing or not whole elements. */
    const array = <A>(name: ArrayField, Type: { new (buffer: ArrayBuffer): A; readonly BYTES_PER_ELEMENT: number }) => {
      const bytes = section(name);
      if (!bytes || bytes.length % Type.BYTES_PER_ELEMENT) throw new Error(`section ${name} unreadable`);
      // A copy: aligned whatever the Buffer's offset, and the file's bytes can be freed.
      const copy = new Uint8Array(bytes.length);
      copy.set(bytes);
      return new Type(copy.buffer);
    };
    const arrays = {
      kind: array('kind', ARRAYS.kind),
      rank: array('rank', ARRAYS.rank),
      sub: array('sub', ARRAYS.sub),
      lat: array('lat', ARRAYS.lat),
      lng: array('lng', ARRAYS.lng),
      pin: array('pin', ARRAYS.pin),
      district: array('district', ARRAYS.district),
      state: array('state', ARRAYS.state),
      nameStart: array('nameStart', ARRAYS.nameStart),
      segStart: array('segStart', ARRAYS.segStart),
      segPlace: array('segPlace', ARRAYS.segPlace),
      entryPos: array('entryPos', ARRAYS.entryPos),
      entrySeg: array('entrySeg', ARRAYS.entrySeg),
      gridCellStart: array('gridCellStart', ARRAYS.gridCellStart),
      gridItems: array('gridItems', ARRAYS.gridItems),
    } satisfies { [K in ArrayField]: InstanceType<(typeof ARRAYS)[K]> };
    const [names, norm] = STRINGS.map((name) => section(name)?.toString('utf8'));
    const { count, nStates, officeStart, areaIds, context } = header;
    const sized = [
      arrays.kind,
      arrays.rank,
      arrays.sub,
      arrays.lat,
      arrays.lng,
      arrays.pin,
      arrays.district,
      arrays.state,
    ];
    if (
      names === undefined ||
      norm === undefined ||
      sized.some((a) => a.length !== count) ||
      arrays.nameStart.length !== count + 1
    )
      return null;
    if (areaIds.length !== officeStart || context.length !== officeStart) return null;
    return {
      count,
      nStates,
      officeStart,
      ...arrays,
      names,
      norm,
      areaIds,
      areaById: new Map(areaIds.map((id, i) => [id, i])),
      context: new Map(context.map((c, i) => [i, c])),
    };
  } catch {
    return null;
  }
}

const here = dirname(fileURLToPath(import.meta.url));

/** The key of what `gazetteer-build.ts` would build from the installed data: null when its inputs cannot be read. */
export function gazetteerKey(dataFiles: string[]): string | null {
  try {
    const hash = createHash('sha256').update(`${MAGIC}/${FORMAT}\n`);
    for (const source of ['gazetteer-build.ts', 'gazetteer-aliases.ts', 'names.ts'])
      hash.update(readFileSync(join(here, source)));
    for (const file of dataFiles) {
      const { size } = statSync(file);
      const pkg = readFileSync(join(dirname(file), 'package.json'));
      hash.update(`${file.slice(file.lastIndexOf('node_modules'))}:${size}:`).update(pkg);
    }
    return hash.digest('hex').slice(0, 24);
  } catch {
    return null;
  }
}

/** The cache directory: `GAZETTEER_CACHE_DIR`, else `node_modules/.cache/lego-gazetteer` holding the data packages. */
export function cacheDir(dataFile: string): string {
  const explicit = process.env.GAZETTEER_CACHE_DIR;
  if (explicit) return explicit;
  const at = dataFile.lastIndexOf('node_modules');
  return at < 0
    ? join(dirname(dataFile), '.cache', 'lego-gazetteer')
    : join(dataFile.slice(0, at), 'node_modules', '.cache', 'lego-gazetteer');
}

const fileName = (key: string) => `gazetteer-${key}.bin`;

/** The path of the cache file of `key` in `dir`. */
export const cacheFile = (dir: string, key: string) => join(dir, fileName(key));

/** The cached gazetteer of `key` in `dir`, or null (absent, stale, unreadable or damaged). */
export function readCachedGazetteer(dir: string, key: string): Gazetteer | null {
  let file: Buffer;
  try {
    file = readFileSync(cacheFile(dir, key));
  } catch {
    return null;
  }
  return decodeGazetteer(file, key);
}

/** Writes the gazetteer under `key` (atomically) and removes files of other keys; false when it could not. */
export function writeCachedGazetteer(dir: string, key: string, g: Gazetteer): boolean {
  const target = cacheFile(dir, key);
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temporary, encodeGazetteer(g, key));
    renameSync(temporary, target);
  } catch {
    rmSync(temporary, { force: true });
    return false;
  }
  try {
    for (const name of readdirSync(dir)) {
      if (/^gazetteer-[0-9a-f]+\.bin$/.test(name) && name !== fileName(key)) rmSync(join(dir, name), { force: true });
    }
  } catch {
    // Old files left behind are harmless.
  }
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // Not awaited: gazetteer-build imports this module, which must finish evaluating first.
  void import('./gazetteer-build').then(({ gazetteer, gazetteerStatus }) => {
    const started = performance.now();
    const { count } = gazetteer();
    const { source, file } = gazetteerStatus();
    console.log(
      `gazetteer: ${count} places ${source === 'cache' ? 'already cached' : 'built'} in ${Math.round(performance.now() - started)} ms (${file ?? 'could not write the cache file'})`,
    );
  });
}
