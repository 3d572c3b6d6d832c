/** Texts of spec 000 section 5 and 8 that more than one schema or screen uses, spelled exactly as the spec does. */
export const MSG = {
  /** An unknown id, or one out of the caller's reach (404). */
  notFound: 'Not found',
  selectCompany: 'Select a company to continue',
  /** A TRANSPORTER scope's calls that read a consignor's data (known places, consignees). */
  selectConsignor: 'Please select a consignor to proceed',
  blank: 'Blank spaces not allowed',
  greaterThanZero: 'Please enter a number greater than 0',
  /** A save or delete of a record that changed since it was read (412 to a stale If-Match). */
  staleRecord: 'This record was changed by someone else. Reload it to see the changes.',
  /** An If-Match that is neither `*` nor a list of ETags (400). */
  badIfMatch: 'If-Match must be * or the ETag the record was read with, e.g. "3"',
  /** A file or replay refused while the server's worker pool has as much queued as it takes (503, Retry-After). */
  busy: 'The server is busy. Please try again in a few seconds',
  deskBusy: 'This desk has a lot of heavy work under way (files, reports, replays). Please try again in a few seconds',
} as const;

/** Empty (left to minLength) or holding a non-space character: the spec's "no blank spaces only". */
export const NOT_BLANK = '^$|\\S';

/** The largest whole number JSON and JavaScript hold exactly: the bound of ids sent as numbers (user ids). */
export const MAX_NUMERIC_ID = Number.MAX_SAFE_INTEGER;

/** The message of a numeric id above {@link MAX_NUMERIC_ID}. */
export const idTooLarge = (name: string) => `${name} must be at most ${MAX_NUMERIC_ID}`;

/** The message of a request body that is not a JSON object (ajv would say 'must be object'). */
export const BODY_OBJECT = 'The request body must be a JSON object';

/** The message of an id field that is not one id: what ajv would say as 'must be string' or a length. */
export const badId = <Name extends string>(name: Name) =>
  `${name} must be a single id of at most 64 characters` as const;

/** An optional id of a query or body (text), with its message. */
export const idField = <Name extends string>(name: Name) =>
  ({ type: 'string', maxLength: 64, errorMessage: badId(name) }) as const;

/** An optional id that may also be sent as a number, or null for "none". */
export const idOrNumberField = <Name extends string>(name: Name) =>
  ({ type: ['string', 'integer', 'null'], maxLength: 64, errorMessage: badId(name) }) as const;

/** Texts of the waypoint editor (/way-point, spec 000 sections 4 and 8), spelled exactly as the spec does. */
export const WAYPOINT_MSG = {
  added: 'Waypoint added succesfully',
  deleted: 'Waypoint deleted succesfully',
  addError: 'Error while adding',
  deleteError: 'Error while deleting waypoint',
  fetchError: 'Something went wrong. Please try again',
  routesError: 'Error while fetching routes data',
  selectRoute: 'Select a route',
  negativeRadius: 'Geo Fence Radius must be positive',
} as const;

/** The bulk sheets' texts for a missing company and an empty sheet (spec 000 section 5, spec 001 section 5). */
export const UPLOAD_MSG = {
  noCompany: 'Please select a company before saving',
  empty: 'No data to upload, upload a file or paste some data',
  noDataRows: 'Please add some data to the csv before uploading',
} as const;
