import type { ThemeConfig } from 'antd';

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
  },
  components: {
    Layout: { headerBg: '#001529', headerHeight: 56 },
    Table: { cellPaddingBlock: 10 },
  },
};
