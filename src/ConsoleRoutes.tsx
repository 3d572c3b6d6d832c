import { Navigate, Route, Routes } from 'react-router';
import { EngineExtensionsProvider } from '../engine/extensions';
import { useKeepQuery } from '../engine/useKeepQuery';
import { screens } from '../screens';
import { consoleExtensions } from './extensions';
import { ScreenRoute } from './ScreenRoute';
import { AppLayout } from './shell/AppLayout';
import { NotFoundPage } from './shell/NotFoundPage';

/** Where `/` goes (with its query string) and where a login lands: the configuration list (spec 000 section 2.1). */
export const HOME = '/configuration-list';

/** The console's pages inside the shell, built from the screen registry, with the console's extensions of the engine. */
export function ConsoleRoutes() {
  const { link } = useKeepQuery();
  return (
    <EngineExtensionsProvider value={consoleExtensions}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<Navigate to={link(HOME)} replace />} />
          {screens.flatMap((entry) =>
            [entry.path, entry.editPath]
              .filter(Boolean)
              .map((path) => (
                <Route
                  key={path}
                  path={path}
                  element={<ScreenRoute key={path} load={entry.load} notFound={<NotFoundPage home={HOME} />} />}
                />
              )),
          )}
          <Route path="*" element={<NotFoundPage home={HOME} />} />
        </Route>
      </Routes>
    </EngineExtensionsProvider>
  );
}
