import { MSG, idField } from './messages';
import { scopeQuerySchema } from './scope';
import { cursorFields } from './list-cursor';

/**
 * The partner fetch the shell's filter bar reads (a company's consignors and transporters) apart from the consignee
 * and known-place schemas that share its paging, so the shell does not load those forms' schemas.
 */

/** Texts of a list call's optional search and paging (known places, consignees; as the routes list's). */
export const PAGED_LIST_MSG = {
  q: 'Search must be text of at most 100 characters',
  page: 'Page must be a whole number from 1 to 100000',
  size: 'Size must be a whole number from 1 to 100',
  order: "Order must be 'asc' or 'desc'",
} as const;

/** The optional search (`q`), page (from 1) and page size of a paged list call. */
export const pagedQueryProperties = {
  q: { type: 'string', maxLength: 100, errorMessage: PAGED_LIST_MSG.q },
  page: { type: 'integer', minimum: 1, maximum: 100_000, errorMessage: PAGED_LIST_MSG.page },
  size: { type: 'integer', minimum: 1, maximum: 100, errorMessage: PAGED_LIST_MSG.size },
} as const;

/** The optional sort of a paged list call: one of `sorts` and an order (ascending unless 'desc'). */
export const sortQueryProperties = <S extends readonly string[]>(sorts: S) =>
  ({
    sort: { type: 'string', maxLength: 16, enum: sorts, errorMessage: `Sort must be one of ${sorts.join(', ')}` },
    order: { type: 'string', maxLength: 4, enum: ['asc', 'desc'], errorMessage: PAGED_LIST_MSG.order },
  }) as const;

/** The columns the consignee list can be sorted by. */
export const CONSIGNEE_SORTS = ['code', 'name', 'phone', 'email', 'updatedBy'] as const;

/** The most partners a select's search answers (the fetch with q or id, pt not CONSIGNEE). */
export const PARTNER_OPTIONS_PAGE = 50;

/** Partner types the fetch call takes: the filter bar's CONSIGNOR/TRANSPORTER links, and CONSIGNEE records. */
export const PARTNER_TYPES = ['CONSIGNOR', 'TRANSPORTER', 'CONSIGNEE'] as const;

/**
 * GET company_partners/fetch: the scope query (c, b, d, t) and pt. With pt=CONSIGNEE it answers the consignees of the
 * scope (a TRANSPORTER's for the consignor partnerId): `id` for one (a list of one, with its ETag), or with q, page or
 * size one page (default page 1 of 20, newest first unless sorted) and the number matching as `total`; `after` (the
 * answer's `next`) reads the page after it.
 */
export const partnerFetchQuerySchema = {
  type: 'object',
  properties: {
    ...scopeQuerySchema.properties,
    pt: {
      type: 'string',
      maxLength: 32,
      enum: PARTNER_TYPES,
      errorMessage: 'Partner type (pt) must be CONSIGNOR, TRANSPORTER or CONSIGNEE',
    },
    id: idField('id'),
    partnerId: idField('partnerId'),
    ...pagedQueryProperties,
    ...sortQueryProperties(CONSIGNEE_SORTS),
    ...cursorFields,
  },
  required: ['c'],
  errorMessage: { required: { c: MSG.selectCompany } },
} as const;
