import { ConfigProvider, Spin, Flex } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { BrowserRouter, Navigate, useLocation } from 'react-router';
import { usePermissionGate } from './auth/usePermissionGate';
import { useFeedbackBinding } from './shell/AppLayout';
import { ConsoleRoutes } from './ConsoleRoutes';
import { useConsoleTheme } from './useConsoleTheme';

/** The login page (with the shared schemas' validator) is its own chunk. */
const LoginPage = lazy(() => import('./auth/LoginPage').then((m) => ({ default: m.LoginPage })));

/** The login gate, then the console's routes built from the screen registry. */
function GatedRoutes() {
  const [version, setVersion] = useState(0);
  const recheck = useCallback(() => setVersion((v) => v + 1), []);
  const toasts = useFeedbackBinding(recheck);
  const gate = usePermissionGate(version);
  const location = useLocation();
  if (gate.status === 'loading') {
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        {toasts}
        <Spin size="large" aria-label="Checking permissions" />
      </Flex>
    );
  }
  if (gate.status === 'anonymous' || location.pathname === '/login') {
    if (gate.status === 'allowed' && location.pathname === '/login' && !location.search.includes('block='))
      return <Navigate to="/" replace />;
    return (
      <Suspense fallback={<Spin size="large" />}>
        {toasts}
        <LoginPage error={gate.status === 'anonymous' ? gate.error : undefined} onLoggedIn={recheck} />
      </Suspense>
    );
  }
  return (
    <>
      {toasts}
      <ConsoleRoutes />
    </>
  );
}

/** The console, without antd's animations for an operator whose system asks for reduced motion (WCAG 2.3.3). */
export function App() {
  const theme = useConsoleTheme();
  return (
    <ConfigProvider theme={theme}>
      <BrowserRouter>
        <GatedRoutes />
      </BrowserRouter>
    </ConfigProvider>
  );
}
