import { MSG } from '../messages';

/** The media type of the Excel workbooks (xlsx) some calls answer with (a sample, a batch's result, a report run). */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Descriptions of the answers several calls declare in their contract's `answers`, so that one status given for one
 * reason reads the same on every call in the API document.
 */
export const ANSWERS = {
  /** A write that honours If-Match (API.md "Lost updates"). */
  stale: `'${MSG.staleRecord}': If-Match names a version the record no longer has; nothing changes`,
  /** A call whose body, not its query, names the company (branch, department) or the record it is about. */
  notFoundInBody:
    "'Not found': a company, branch, department or id the body names that does not exist, does not belong with the others or is out of the scope's reach",
  /** A call that sends to addresses a desk chooses (server/rules/outbound-gate.ts). */
  outboundQuota:
    'Over an outbound quota (per desk, per company or per report): nothing is sent; Retry-After gives the seconds to wait',
  /** A call whose work runs in the server's worker pool (server/workers). */
  busy: "The server is busy: the worker pool's queue is full for every desk together; Retry-After gives the seconds to wait",
  /** The same call when the desk already has its share of the pool under way. */
  deskBusy: `'${MSG.deskBusy}': this desk already has its share of the worker pool under way; Retry-After gives the seconds to wait`,
} as const;

/** The answers of a call whose work runs in the worker pool: the desk's share used (429), the pool full (503). */
export const POOL_ANSWERS = { 429: ANSWERS.deskBusy, 503: ANSWERS.busy } as const;
