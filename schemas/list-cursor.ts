/** The texts of a list's cursor. */
export const LIST_CURSOR_MSG = {
  invalid: 'This cursor is not one this list gave for its order: start again from the first page',
} as const;

/**
 * A keyset-paged list's `after` parameter: the `next` cursor of the page before (base64url). A page read after a
 * cursor starts right after the row the cursor names, in the same order, whatever was added or removed before it;
 * it carries no `total` (the first page's stands), so no page counts the whole list again. `before` reads the page
 * that ends right before a row the same way.
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

/** A keyset-paged list's `before` parameter: the `prev` cursor of the page after (base64url). */
export const beforeField = {
  ...afterField,
  description:
    'The `prev` of the page after: this page ends right before its first row, in the same order (page is then ignored, and the answer has no total)',
} as const;

/** A keyset-paged list's cursor parameters: `after` a page, or `before` one. */
export const cursorFields = { after: afterField, before: beforeField } as const;

/** The `next` and `prev` beside a keyset-paged list's rows: the cursors of the pages after and before it. */
export const cursorMeta = {
  next: {
    type: ['string', 'null'],
    maxLength: 3000,
    description: 'The cursor of the page after this one (send it as `after`), or null when this page is the last',
  },
  prev: {
    type: ['string', 'null'],
    maxLength: 3000,
    description: 'The cursor of the page before this one (send it as `before`), or null when this page is the first',
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
