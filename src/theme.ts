import type { ThemeConfig } from 'antd';

/** The console's theme: compact tables for dense operational data, the brand's amber on navy. */
export const themeConfig: ThemeConfig = {
  token: { colorPrimary: '#1f5fbf', borderRadius: 6, fontSize: 14 },
  components: {
    Layout: { headerBg: '#001529', headerHeight: 56 },
    Table: { cellPaddingBlock: 10 },
  },
};
