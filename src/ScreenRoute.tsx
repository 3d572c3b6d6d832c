import { lazy } from 'react';
import type { FormConfig, ListConfig } from '../engine/types';

const ListView = lazy(() => import('../engine/list/ListView').then((m) => ({ default: m.ListView })));
const FormView = lazy(() => import('../engine/form/FormView').then((m) => ({ default: m.FormView })));

/** Mounts a screen config; the list and form engines load as their own chunks. */
export function ScreenRoute({ config }: { config: ListConfig | FormConfig }) {
  return config.kind === 'list' ? <ListView config={config} /> : <FormView config={config} />;
}
