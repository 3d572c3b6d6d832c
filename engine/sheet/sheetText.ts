import { TOO_FAR_MESSAGE } from '../../schemas/haversine';

/** The sheet engine's own texts, spelled as spec 000 sections 4, 5 and 8 spell them (misspellings included). */
export const SHEET_TEXT = {
  draftSaved: 'Draft saved successfully',
  draftFailed: "Coundn't save draft",
  tooFar: TOO_FAR_MESSAGE,
  noPlace: 'Please enter either lat,long or address',
  badLatLng: 'Please enter valid lat long',
  badNumber: 'Please enter valid number',
  /** Not worded by the spec: a geocoder that finds nothing for the row. */
  placeNotFound: 'Address not found',
  /** Not worded by the spec: a date cell that is not DD/MM/YYYY. */
  badDate: 'Please enter a valid date as DD/MM/YYYY',
  /** Not worded by the spec: a list a lookup matches against could not be fetched. */
  fetchFailed: 'Error while fetching data',
  tooSlow: 'The file took too long to read',
} as const;

/**
 * The toast of a submit in which some rows were saved and some were not (not worded by the spec, whose success text
 * is for a sheet saved whole): how many of each, and where to read why.
 */
export const partlySaved = (saved: number, failed: number) =>
  `${saved} ${saved === 1 ? 'row' : 'rows'} saved, ${failed} not: the Status column says why`;

/** What a submit in progress shows: the rows answered so far, of those sent. */
export const submitProgress = (done: number, total: number) => `Saving rows: ${done} of ${total}`;

/** The refusal of a file over the size limit. */
export const tooLarge = (maxMb: number) => `File too large (max ${maxMb} MB)`;

/** The refusal of a file of another type: 'File must be xlsx or csv' (spec 000 section 5) for the default types. */
export const wrongType = (types: readonly string[]) =>
  `File must be ${types.length > 1 ? `${types.slice(0, -1).join(', ')} or ${types.at(-1)}` : types[0]}`;
