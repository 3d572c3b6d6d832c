/**
 * Text helpers for the gazetteer: cleaning the India Post office names for display, title-casing,
 * search normalisation and slugs for place ids. Pure functions, no data.
 */

const SIMPLE = /^[a-z0-9]+(?: [a-z0-9]+)*$/;

/**
 * Search form of a text: lower case, accents dropped, dotted abbreviations joined (`M.G. Road` → `mg road`,
 * `K.K.Road` → `kk road`), `&` spelled `and`, anything else that is not a letter or digit a single space.
 */
export function normalize(text: string): string {
  const lower = text.toLowerCase();
  if (SIMPLE.test(lower)) return lower; // fast path: already plain words
  return lower
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\b([a-z])\.(?=[a-z](?:\.|\b))/g, '$1')
    .replace(/['"`\u2019]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** URL-safe id fragment: `Raigarh(MH)` → `raigarh-mh`. */
export function slugify(text: string): string {
  return normalize(text).replace(/ /g, '-') || 'x';
}

const ABBREVIATION = /^(?:[A-Za-z]\.)+[A-Za-z]?\.?$/;

/**
 * Title case for names that arrive in upper (or lower) case: `ANDHRA PRADESH` → `Andhra Pradesh`,
 * `NAGADENAHALLI` → `Nagadenahalli`. Mixed-case names keep their inner capitals (`CMM Court Complex`,
 * `HighCourt`) and only get each word's first letter raised. Dotted abbreviations (`M.P.T.`) stay upper case.
 */
export function titleCase(text: string): string {
  const uniform = text === text.toUpperCase() || text === text.toLowerCase();
  return text.replace(/[A-Za-z][A-Za-z.']*/g, (word, offset: number) => {
    if (ABBREVIATION.test(word)) return word.toUpperCase();
    const prev = offset > 0 ? text[offset - 1] : ' ';
    // Only a word start: after a space, bracket, hyphen, slash or at the beginning (not `O'` or digits).
    const atStart = /[\s([\-/&,]/.test(prev);
    const rest = uniform ? word.slice(1).toLowerCase() : word.slice(1);
    return (atStart ? word[0].toUpperCase() : uniform ? word[0].toLowerCase() : word[0]) + rest;
  });
}

/** Trailing office-type markers: B.O, S.O, H.O, G.P.O., EDB.O, ND T.S.O, NDTSO, BO, SO, HO, PO, "S O"... */
const OFFICE_SUFFIX_RE = new RegExp(
  '\\s*(?:' +
    [
      '(?:E\\.?D\\.?\\s?)?[BSHP]\\.\\s?O\\.?', // B.O, S.O., H.O, EDB.O, also glued as in "DheolaB.O"
      'G\\.\\s?P\\.\\s?O\\.?',
      '(?:\\bN\\.?D\\.?\\s?|\\s)T\\.\\s?S\\.\\s?O\\.?', // ND T.S.O, but not the "T. S.O" of "M.P.T. S.O"
      '\\b(?:NDTSO|TSO|EDBO|GPO|BO|SO|HO|PO)\\.?',
      '\\b[BSH]\\sO',
    ].join('|') +
    ')\\s*$',
  'i',
);
const COMMON_SUFFIX = / [BSH]\.O$/;
const CAPITALISED = /^[A-Z][a-z]+(?: [A-Z][a-z]+)*$/;
const LEFTOVER_MARKER = / (?:Bo|So|Ho|Po|Gpo|Tso)$/;
const TRAILING_QUALIFIER = /^(.*?)\s*\(([^()]*)\)\s*$/;

const lettersOnly = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

function stripOfficeSuffixes(name: string): string {
  let current = name;
  for (;;) {
    const next = current.replace(OFFICE_SUFFIX_RE, '').trim();
    if (next === current || next === '') return current;
    current = next;
  }
}

/** Office type as written in the data, best first: GPO, head office, sub office, other, branch office. */
export function officeTypeRank(rawName: string): number {
  if (rawName.endsWith(' B.O')) return 4; // the common cases first
  if (rawName.endsWith(' S.O')) return 2;
  const n = rawName.toUpperCase();
  if (/G\.\s?P\.\s?O|\bGPO\b/.test(n)) return 0;
  if (/H\.\s?O\b|\bHO\b/.test(n)) return 1;
  if (/S\.\s?O\b|\bSO\b|\bS O\b|T\.\s?S\.\s?O|\bN?D?TSO\b/.test(n)) return 2;
  if (/B\.\s?O\b|\bBO\b|\bB O\b/.test(n)) return 4;
  return 3;
}

/**
 * Display name of a post office: stray quotes removed, type suffixes stripped (`Andheri East S.O` →
 * `Andheri East`, `Mumbai G.P.O.` → `Mumbai`), a trailing qualifier dropped when it only repeats the
 * district or taluk (`Town Hall S.O (Mumbai)` → `Town Hall`) and kept otherwise (`Arli (T)`), title-cased.
 */
export function cleanOfficeName(raw: string, district: string, taluk: string): string {
  // Fast path for the bulk of the data: "Word Word B.O" / "S.O" / "H.O", already capitalised.
  if (COMMON_SUFFIX.test(raw)) {
    const base = raw.slice(0, -4);
    if (CAPITALISED.test(base) && !LEFTOVER_MARKER.test(base)) return base;
  }
  let name = raw
    .replace(/["`\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  name = stripOfficeSuffixes(name);
  const m = TRAILING_QUALIFIER.exec(name);
  if (m?.[1]) {
    const base = stripOfficeSuffixes(m[1].trim());
    const q = lettersOnly(m[2]);
    const redundant =
      q === '' || q === lettersOnly(district) || q === lettersOnly(taluk) || lettersOnly(district).startsWith(q);
    name = redundant ? base : `${base} (${m[2].trim()})`;
  }
  name = name.replace(/\s+/g, ' ').trim();
  return titleCase(name || raw.trim());
}

/** Display name of a district: `Raigarh(MH)` → `Raigarh`, `Bilaspur (HP)` → `Bilaspur`, `Kaimur (Bhabua)` kept. */
export function cleanDistrictName(raw: string): string {
  return titleCase(
    raw
      .replace(/\s*\([A-Z]{2,3}\)\s*$/, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

const STATE_DISPLAY: Record<string, string> = {
  CHATTISGARH: 'Chhattisgarh',
};

/** Display name of a state: `ANDHRA PRADESH` → `Andhra Pradesh`, `DAMAN & DIU` → `Daman & Diu`. */
export function cleanStateName(raw: string): string {
  return STATE_DISPLAY[raw] ?? titleCase(raw.trim());
}
