/** Texts of spec 000 section 5 and 8 that more than one schema or screen uses, spelled exactly as the spec does. */
export const MSG = {
  selectCompany: 'Select a company to continue',
  blank: 'Blank spaces not allowed',
  greaterThanZero: 'Please enter a number greater than 0',
} as const;

/** Empty (left to minLength) or holding a non-space character: the spec's "no blank spaces only". */
export const NOT_BLANK = '^$|\\S';
