import type { Decorator, Preview } from '@storybook/react-vite';
import { App as AntApp, ConfigProvider, Result } from 'antd';
import { useLayoutEffect, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { configure } from 'storybook/test';
import { SWRConfig } from 'swr';
import { configureHttp } from '../engine/data/http';
import { setRuntimeConfig } from '../engine/data/services';
import { STORAGE } from '../engine/data/session';
import { bindFeedback } from '../engine/feedback';
import { installFetchStub, type ConsoleParameters } from '../src/stories/storyApi';
import { themeConfig } from '../src/theme';

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
  return (
    <pre data-testid="story-location" style={{ marginTop: 16, fontSize: 12, color: '#8c8c8c', whiteSpace: 'pre-wrap' }}>
      {decodeURIComponent(`${pathname}${search}`.replace(/\+/g, ' '))}
    </pre>
  );
}

/** Shown when a story navigated away from its `path` (e.g. a form going back to its list after saving). */
function NavigatedAway() {
  const { pathname } = useLocation();
  return <Result status="success" title={`Navigated to ${pathname}`} subTitle="The story's screen left its route." />;
}

/** Wraps every story in the console's providers: theme, antd App, router at `route`, and a fresh SWR cache. */
const withConsole: Decorator = (Story, context) => {
  const { route = '/', path, showLocation } = context.parameters as ConsoleParameters;
  const story: ReactNode = <Story />;
  return (
    <ConfigProvider theme={themeConfig}>
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
    </ConfigProvider>
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
  parameters: { layout: 'padded' },
};

export default preview;
