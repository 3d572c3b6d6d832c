import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineExtensionsProvider } from '../engine/extensions';
import type { ScreenKind } from '../engine/extensions';
import type { AnyScreenConfig } from '../engine/registry/screenKinds';
import { ScreenRoute } from './ScreenRoute';
import { NotFoundPage } from './shell/NotFoundPage';

/** An upload screen of one component, shown by a stand-in view (the kind's own view reads the server). */
const upload = {
  kind: 'upload',
  path: '/bulk-upload/:component',
  title: 'Upload',
  componentParam: 'component',
  components: { configurations: 'Configurations' },
};
const UploadStandIn = ((props: { config: AnyScreenConfig }) => (
  <h4>Upload view of {props.config.title as string}</h4>
)) as unknown as ScreenKind;
const load = async () => upload as AnyScreenConfig;

function at(url: string) {
  return render(
    <EngineExtensionsProvider value={{ kinds: { upload: UploadStandIn } }}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/bulk-upload/:component"
            element={<ScreenRoute load={load} notFound={<NotFoundPage home="/configuration-list" />} />}
          />
        </Routes>
      </MemoryRouter>
    </EngineExtensionsProvider>,
  );
}

afterEach(() => cleanup());

describe('a screen route', () => {
  it('shows the console’s not-found page for an upload component the screen does not name', async () => {
    at('/bulk-upload/nonsense?companyId=1001');
    expect(await screen.findByText('Page not found: nothing lives at /bulk-upload/nonsense.')).toBeTruthy();
    expect(screen.queryByText(/Upload view/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe(
      '/configuration-list?companyId=1001',
    );
  });

  it('mounts the screen for a component it names', async () => {
    at('/bulk-upload/configurations');
    expect(await screen.findByText('Upload view of Upload')).toBeTruthy();
    expect(screen.queryByText(/Page not found/)).toBeNull();
  });
});
