import { theme, type ThemeConfig } from 'antd';
import type { ColorScheme } from './colorScheme';

/** The console's theme: compact tables for dense operational data, the brand's amber on navy. */
export const themeConfig: ThemeConfig = {
  token: {
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
  },
  components: {
    Layout: { headerBg: '#001529', headerHeight: 56 },
    Table: { cellPaddingBlock: 10 },
  },
};

/**
 * The theme in dark: antd's dark algorithm over the same brand, with the text greys that the light theme darkens for
 * contrast lightened instead (on a dark ground), and a brighter error red.
 */
const darkConfig: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    ...themeConfig.token,
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
    // The selected menu entry in a light blue: antd's dark primary (#1d54a5) on its dark tint reads at under 2:1.
    Menu: { itemSelectedColor: '#69a5ff' },
  },
};

/** The theme of a colour scheme. */
export const themeFor = (scheme: ColorScheme): ThemeConfig => (scheme === 'dark' ? darkConfig : themeConfig);
