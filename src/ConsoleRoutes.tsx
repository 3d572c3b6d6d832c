import { Route, Routes } from 'react-router';
import { EngineExtensionsProvider } from '../engine/extensions';
import { screens } from '../screens';
import { consoleExtensions } from './extensions';
import { ScreenRoute } from './ScreenRoute';
import { AppLayout } from './shell/AppLayout';
import { NotFoundPage } from './shell/NotFoundPage';
import { RootRedirect } from './shell/rememberedScope';

/**
 * Where `/` goes (with its query string, else the scope the operator last worked on) and where a login lands: the
 * company home (issue "Operators ... continuity"; spec 000 section 2.1 had the configuration list).
 */
export const HOME = '/home';

/** The console's pages inside the shell, built from the screen registry, with the console's extensions of the engine. */
export function ConsoleRoutes() {
  return (
    <EngineExtensionsProvider value={consoleExtensions}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<RootRedirect home={HOME} />} />
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
