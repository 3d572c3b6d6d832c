import { Button, Empty } from 'antd';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { EngineExtensionsProvider } from '../engine/extensions';
import { screens } from '../screens';
import { consoleExtensions } from './extensions';
import { ScreenRoute } from './ScreenRoute';
import { AppLayout } from './shell/AppLayout';

/** Where `/` goes: the configuration list once it exists, the routes list until then. */
export const HOME = '/routes';

function NotFound() {
  const location = useLocation();
  return (
    <Empty description={`Page not found: nothing lives at ${location.pathname}.`}>
      <Button href="/">Go home</Button>
    </Empty>
  );
}

/** The console's pages inside the shell, built from the screen registry, with the console's extensions of the engine. */
export function ConsoleRoutes() {
  const location = useLocation();
  return (
    <EngineExtensionsProvider value={consoleExtensions}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<Navigate to={{ pathname: HOME, search: location.search }} replace />} />
          {screens.flatMap((entry) =>
            [entry.path, entry.editPath].filter(Boolean).map((path) => <Route key={path} path={path} element={<ScreenRoute key={path} load={entry.load} />} />),
          )}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </EngineExtensionsProvider>
  );
}
