/** Every search box of the console starts at 3 characters and waits 500 ms after the last keystroke (spec 000 section 9). */
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_DEBOUNCE_MS = 500;
