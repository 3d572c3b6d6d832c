import { ConfigProvider, theme as antdTheme } from 'antd';
import { type ReactNode, useLayoutEffect } from 'react';
import { type ColorScheme, useColorScheme } from '../colorScheme';
import { useConsoleTheme } from '../useConsoleTheme';

/** Props of {@link StoryTheme}: the scheme chosen in Storybook's toolbar and where the story is shown. */
export interface StoryThemeProps {
  scheme: ColorScheme;
  /** On a docs page the story sits in a box of its own; on its own page it fills the canvas. */
  inDocs: boolean;
  children: ReactNode;
}

/**
 * The console's theme around a story. The scheme chosen in the toolbar becomes the console's own pick
 * (src/colorScheme.ts), so the header's dark mode switch shows it and flips it as in the app; the theme then follows
 * that pick, else the system's scheme (which the stories' run in Chromium emulates to check every story in dark), and
 * drops antd's animations under reduced motion, as the app does (src/useConsoleTheme.ts).
 */
export function StoryTheme({ scheme, inDocs, children }: StoryThemeProps) {
  const [, pick] = useColorScheme();
  useLayoutEffect(() => pick(scheme), [scheme, pick]);
  return (
    <ConfigProvider theme={useConsoleTheme()}>
      {inDocs ? <DocsBox>{children}</DocsBox> : <CanvasColors>{children}</CanvasColors>}
    </ConfigProvider>
  );
}

/**
 * Paints the canvas (the iframe's body) in the theme's ground and text colours, as the console's layout does, and
 * names the scheme in force on it (`data-color-scheme`, which the stories' run waits for).
 */
function CanvasColors({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken();
  const [scheme] = useColorScheme();
  useLayoutEffect(() => {
    const { style, dataset } = document.body;
    style.backgroundColor = token.colorBgContainer;
    style.color = token.colorText;
    style.colorScheme = scheme;
    dataset.colorScheme = scheme;
  }, [token.colorBgContainer, token.colorText, scheme]);
  return children;
}

/** A story on a docs page: a box in the theme's colours, so a dark story reads on the page's white. */
function DocsBox({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken();
  return (
    <div style={{ background: token.colorBgContainer, color: token.colorText, padding: token.padding }}>{children}</div>
  );
}
