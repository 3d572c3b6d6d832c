import { theme, type ThemeConfig } from 'antd';
import type { ColorScheme } from './colorScheme';

/**
 * Status texts (a tag's or a typography's success, warning, info and error words) dark enough on their tints in light
 * mode: antd's read at under 2:1 to 3.5:1 (axe). Dark mode keeps its algorithm's, which read at over 4.5:1.
 */
const LIGHT_STATUS_TEXT = {
  colorSuccessText: '#135200',
  colorWarningText: '#874d00',
  colorInfoText: '#003eb3',
  colorErrorText: '#a8071a',
} as const;

/** The light theme's tokens but its status texts: the dark theme starts from them too. */
const BASE_TOKEN = {
  colorPrimary: '#1f5fbf',
  borderRadius: 6,
  fontSize: 14,
  // WCAG 2.1 AA contrast (4.5:1, also on the grey of a disabled box): antd's default secondary, placeholder and
  // disabled greys (45 % and 25 % black) and its error red are too light for body text; checked by axe in tests/e2e/a11y.test.ts.
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextQuaternary: 'rgba(0, 0, 0, 0.56)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  colorTextDisabled: 'rgba(0, 0, 0, 0.56)',
  colorError: '#cf1322',
  colorLink: '#1f5fbf',
  // White on the hovered primary button: antd's lighter hover blue reaches only 4.2:1.
  colorPrimaryHover: '#3470cc',
  colorLinkHover: '#3470cc',
  // A focused input or select shows a ring that can be seen (WCAG 2.4.7): antd's is its primary at 6-10 % opacity.
  controlOutline: 'rgba(31, 95, 191, 0.45)',
  // A button busy with its call keeps a readable label: at antd's 65 % opacity a primary's white text reads at 3:1.
  opacityLoading: 0.9,
} satisfies ThemeConfig['token'];

/** The console's theme: compact tables for dense operational data, the brand's amber on navy. */
export const themeConfig: ThemeConfig = {
  token: { ...BASE_TOKEN, ...LIGHT_STATUS_TEXT },
  components: {
    Layout: { headerBg: '#001529', headerHeight: 56 },
    Table: { cellPaddingBlock: 10 },
  },
};

/** What a selected or current item (the menu's entry, the page number) is written in, on dark: 7:1 on its tint. */
const DARK_SELECTED_TEXT = '#8cbaff';

/**
 * The theme in dark: antd's dark algorithm over the same brand, with the text greys that the light theme darkens for
 * contrast lightened instead (on a dark ground), and a brighter error red. WCAG AA (4.5:1) in dark too, checked by axe
 * in tests/e2e/a11y.test.ts: the algorithm's brand blue is dark (#1d54a5) for white button text, so a selected menu
 * entry and the current page are written in a light blue instead of it (1.9:1 and 2.5:1); its info blue (3.4:1) and
 * purple tag text (3.4:1) are lightened.
 */
const darkConfig: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    ...BASE_TOKEN,
    colorInfo: '#69a5ff',
    // Both spellings: antd writes its palette under `purple7` and `purple-7`, and both become the CSS variable read.
    purple7: '#ab7ae0',
    'purple-7': '#ab7ae0',
    colorTextTertiary: 'rgba(255, 255, 255, 0.65)',
    colorTextDescription: 'rgba(255, 255, 255, 0.65)',
    colorTextQuaternary: 'rgba(255, 255, 255, 0.6)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.6)',
    colorTextDisabled: 'rgba(255, 255, 255, 0.6)',
    colorError: '#ff7875',
    colorLink: '#69a5ff',
    colorLinkHover: '#8cbaff',
    controlOutline: 'rgba(105, 165, 255, 0.5)',
  },
  components: {
    ...themeConfig.components,
    Menu: { itemSelectedColor: DARK_SELECTED_TEXT },
    Pagination: { itemActiveColor: DARK_SELECTED_TEXT, itemActiveColorHover: DARK_SELECTED_TEXT },
  },
};

/** The theme of a colour scheme. */
export const themeFor = (scheme: ColorScheme): ThemeConfig => (scheme === 'dark' ? darkConfig : themeConfig);
