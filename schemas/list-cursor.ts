/** The texts of a list's cursor. */
export const LIST_CURSOR_MSG = {
  invalid: 'This cursor is not one this list gave for its order: start again from the first page',
} as const;

/**
 * A keyset-paged list's `after` parameter: the `next` cursor of the page before (base64url). A page read after a
 * cursor starts right after the row the cursor names, in the same order, whatever was added or removed before it;
 * it carries no `total` (the first page's stands), so no page counts the whole list again.
 */
export const afterField = {
  type: 'string',
  minLength: 1,
  maxLength: 3000,
  pattern: '^[A-Za-z0-9_-]+$',
  description:
    'The `next` of the page before: this page starts right after its last row, in the same order (page is then ignored, and the answer has no total)',
  errorMessage: LIST_CURSOR_MSG.invalid,
} as const;

/** The `next` beside a keyset-paged list's rows: the cursor of the page after, or null on the last. */
export const nextMeta = {
  next: {
    type: ['string', 'null'],
    maxLength: 3000,
    description: 'The cursor of the page after this one (send it as `after`), or null when this page is the last',
  },
} as const;

/** Up to this many hits a searched list is counted exactly; above, its total is an estimate. */
export const COUNTED_UP_TO = 200;

/** The `estimated` beside a searched list's total: present when the total is an estimate. */
export const estimatedMeta = {
  estimated: {
    type: 'boolean',
    description: `True when \`total\` is an estimate: a search with more than ${COUNTED_UP_TO.toLocaleString('en-IN')} hits is not counted one by one (the console shows "about"); an export still holds every hit`,
  },
} as const;
