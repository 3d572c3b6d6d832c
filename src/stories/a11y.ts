/**
 * `parameters.a11y` of a story that leaves antd's Select (or AutoComplete) open while its options load or when it has
 * none: antd 6 then points `aria-activedescendant` at an option that does not exist (`…_list_-1`), leaves the listbox
 * with no option (its 'not found' text is no option), and sets `aria-selected` on the hidden accessible options it
 * keeps beside the visible list. That is antd's markup, not the console's; these three rules are off for such a story
 * only, every other rule still applies, and a closed select is checked in full everywhere else.
 */
export const openSelectA11y = {
  config: {
    rules: [
      { id: 'aria-valid-attr-value', enabled: false },
      { id: 'aria-required-children', enabled: false },
      { id: 'aria-allowed-attr', enabled: false },
    ],
  },
};
