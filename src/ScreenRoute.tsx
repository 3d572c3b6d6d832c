import { lazy, useMemo } from 'react';
import type { FormConfig, ListConfig, ScreenConfig } from '../engine/types';

const ListView = lazy(() => import('../engine/list/ListView').then((m) => ({ default: m.ListView })));
const FormView = lazy(() => import('../engine/form/FormView').then((m) => ({ default: m.FormView })));

/** Mounts a screen config; the list and form engines load as their own chunks. */
export function ScreenView({ config }: { config: ListConfig | FormConfig }) {
  return config.kind === 'list' ? <ListView config={config} /> : <FormView config={config} />;
}

/** Loads a screen's config on demand (it suspends meanwhile) and mounts it. */
export function ScreenRoute({ load }: { load: () => Promise<ScreenConfig> }) {
  const Screen = useMemo(() => lazy(() => load().then((config) => ({ default: () => <ScreenView config={config} /> }))), [load]);
  return <Screen />;
}
