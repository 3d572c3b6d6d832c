import { DecoratorHelpers } from '@storybook/addon-themes';
import type { Decorator, Preview } from '@storybook/react-vite';
import { App as AntApp, Result, theme } from 'antd';
import { useLayoutEffect, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { configure } from 'storybook/test';
import { SWRConfig } from 'swr';
import { configureHttp } from '../engine/data/http';
import { setRuntimeConfig } from '../engine/data/services';
import { STORAGE } from '../engine/data/session';
import { bindFeedback } from '../engine/feedback';
import type { ColorScheme } from '../src/colorScheme';
import { installFetchStub, type ConsoleParameters } from '../src/stories/storyApi';
import { StoryTheme } from '../src/stories/StoryTheme';

// The stories' run in Chromium (tests/stories/chromium.test.ts) calls its page Storybook's test runner. There play
// functions wait for what they look for (findBy…, waitFor), never for a time, up to 25 s: on a machine whose cores are
// busy a lazy screen may take seconds to load. In Storybook's own UI a wait gives up after Testing Library's second.
if (globalThis.navigator?.userAgent.includes('StorybookTestRunner')) configure({ asyncUtilTimeout: 25_000 });

/** Binds the engine's toasts and the HTTP helper's failure toasts to antd's App, as the shell does. */
function FeedbackBinding() {
  const { message } = AntApp.useApp();
  // A layout effect runs before the story's effects, so toasts of its first requests are shown.
  useLayoutEffect(() => {
    bindFeedback({
      success: (t) => message.success(t),
      error: (t) => message.error(t),
      info: (t) => message.info(t),
      warning: (t) => message.warning(t),
    });
    configureHttp({
      notify: (texts) => {
        for (const t of texts) message.error(t);
      },
      unauthorized: () => message.warning('401: the console would show the login page'),
    });
  }, [message]);
  return null;
}

/** The router's current URL, for stories whose point is what they write into it. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  const { token } = theme.useToken();
  return (
    <pre
      data-testid="story-location"
      style={{ marginTop: 16, fontSize: 12, color: token.colorTextSecondary, whiteSpace: 'pre-wrap' }}
    >
      {decodeURIComponent(`${pathname}${search}`.replace(/\+/g, ' '))}
    </pre>
  );
}

/** Shown when a story navigated away from its `path` (e.g. a form going back to its list after saving). */
function NavigatedAway() {
  const { pathname } = useLocation();
  return <Result status="success" title={`Navigated to ${pathname}`} subTitle="The story's screen left its route." />;
}

/** The toolbar's colour schemes (addon-themes' `theme` global; a story may force one with `themes.themeOverride`). */
const SCHEMES: ColorScheme[] = ['light', 'dark'];
DecoratorHelpers.initializeThemeState(SCHEMES, 'light');
const schemeOf = (context: Parameters<Decorator>[1]): ColorScheme => {
  const { themeOverride } = (context.parameters.themes ?? {}) as { themeOverride?: string };
  const chosen = themeOverride || DecoratorHelpers.pluckThemeFromContext(context);
  return SCHEMES.find((scheme) => scheme === chosen) ?? 'light';
};

/**
 * Wraps every story in the console's providers: theme (in the toolbar's scheme), antd App, router at `route`, and a
 * fresh SWR cache.
 */
const withConsole: Decorator = (Story, context) => {
  const { route = '/', path, showLocation } = context.parameters as ConsoleParameters;
  const story: ReactNode = <Story />;
  return (
    <StoryTheme scheme={schemeOf(context)} inDocs={context.viewMode === 'docs'}>
      <AntApp>
        <FeedbackBinding />
        <SWRConfig key={context.id} value={{ provider: () => new Map() }}>
          <MemoryRouter key={context.id} initialEntries={[route]}>
            {path ? (
              <Routes>
                <Route path={path} element={story} />
                <Route path="*" element={<NavigatedAway />} />
              </Routes>
            ) : (
              story
            )}
            {showLocation && <LocationProbe />}
          </MemoryRouter>
        </SWRConfig>
      </AntApp>
    </StoryTheme>
  );
};

const preview: Preview = {
  decorators: [withConsole],
  /** Per story: the fetch stub from `parameters.api` and the session keys from `parameters.storage`. */
  beforeEach: ({ parameters }) => {
    const { api = {}, apiDelay, storage = {} } = parameters as ConsoleParameters;
    const clearSession = () => {
      for (const key of Object.values(STORAGE)) localStorage.removeItem(key);
    };
    setRuntimeConfig({});
    clearSession();
    for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
    const restoreFetch = installFetchStub(api, { delay: apiDelay });
    return () => {
      restoreFetch();
      clearSession();
    };
  },
  parameters: {
    layout: 'padded',
    // The widths the console is laid out for: a tablet, a small laptop and a desktop.
    viewport: {
      options: {
        tablet: { name: 'Tablet, 768 px', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
        laptop: { name: 'Laptop, 1024 px', styles: { width: '1024px', height: '768px' }, type: 'desktop' },
        desktop: { name: 'Desktop, 1440 px', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
      },
    },
    // The accessibility panel checks what tests/e2e/a11y.test.ts checks on the console: WCAG 2.1 A and AA. Its
    // findings are listed, not failed on here; the stories' run in Chromium fails a story on a serious or critical one,
    // in light and in dark (tests/stories/chromium.test.ts).
    a11y: {
      test: 'todo',
      options: { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    },
    docs: { toc: true },
  },
  // A docs page for every story file: the component's props from its types, the meta's usage text, each story shown.
  tags: ['autodocs'],
};

export default preview;
