import { App as AntApp, ConfigProvider, Empty, Button, Spin, Flex } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { formScreens, menuScreens } from '../screens';
import { usePermissionGate } from './auth/usePermissionGate';
import { AppLayout, useFeedbackBinding } from './shell/AppLayout';
import { ScreenRoute } from './ScreenRoute';
import { themeConfig } from './theme';

/** The login page (with the shared schemas' validator) is its own chunk. */
const LoginPage = lazy(() => import('./auth/LoginPage').then((m) => ({ default: m.LoginPage })));

/** Where `/` goes: the configuration list once it exists, the routes list until then. */
const HOME = '/routes';

function NotFound() {
  const location = useLocation();
  return (
    <Empty description={`Page not found: nothing lives at ${location.pathname}.`}>
      <Button href="/">Go home</Button>
    </Empty>
  );
}

/** The login gate, then the console's routes built from the screen registry. */
function GatedRoutes() {
  const [version, setVersion] = useState(0);
  const recheck = useCallback(() => setVersion((v) => v + 1), []);
  useFeedbackBinding(recheck);
  const gate = usePermissionGate(version);
  const location = useLocation();
  if (gate.status === 'loading') {
    return <Flex align="center" justify="center" style={{ minHeight: '100vh' }}><Spin size="large" aria-label="Checking permissions" /></Flex>;
  }
  if (gate.status === 'anonymous' || location.pathname === '/login') {
    if (gate.status === 'allowed' && location.pathname === '/login' && !location.search.includes('block=')) return <Navigate to={HOME} replace />;
    return (
      <Suspense fallback={<Spin size="large" />}>
        <LoginPage error={gate.status === 'anonymous' ? gate.error : undefined} onLoggedIn={recheck} />
      </Suspense>
    );
  }
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<Navigate to={{ pathname: HOME, search: location.search }} replace />} />
        {menuScreens.map((config) => <Route key={config.path} path={config.path} element={<ScreenRoute config={config} />} />)}
        {formScreens.flatMap((config) =>
          [config.path, config.editPath].filter(Boolean).map((path) => <Route key={path} path={path} element={<ScreenRoute key={path} config={config} />} />),
        )}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

/** The console. */
export function App() {
  return (
    <ConfigProvider theme={themeConfig}>
      <AntApp>
        <BrowserRouter>
          <GatedRoutes />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
