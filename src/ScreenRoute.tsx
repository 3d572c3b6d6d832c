import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenConfig } from '../engine/types';

const ListView = lazy(() => import('../engine/list/ListView').then((m) => ({ default: m.ListView })));
const FormView = lazy(() => import('../engine/form/FormView').then((m) => ({ default: m.FormView })));
const SheetView = lazy(() => import('../engine/sheet/SheetView').then((m) => ({ default: m.SheetView })));

/** Mounts a screen config; the list, form and sheet engines load as their own chunks. */
export function ScreenView({ config }: { config: ScreenConfig }) {
  if (config.kind === 'list') return <ListView config={config} />;
  if (config.kind === 'sheet') return <SheetView config={config} />;
  return <FormView config={config} />;
}

type Loader = () => Promise<ScreenConfig>;

/**
 * One lazy component per screen, kept outside React: a component that suspends before its first mount loses
 * its state, so a lazy component made in a hook would be made again on every retry and never resolve.
 */
const screenComponents = new WeakMap<Loader, LazyExoticComponent<ComponentType>>();

function screenComponent(load: Loader): LazyExoticComponent<ComponentType> {
  let component = screenComponents.get(load);
  if (!component) {
    component = lazy(() => load().then((config) => ({ default: () => <ScreenView config={config} /> })));
    screenComponents.set(load, component);
  }
  return component;
}

/** Loads a screen's config on demand (it suspends meanwhile) and mounts it. */
export function ScreenRoute({ load }: { load: Loader }) {
  const Screen = screenComponent(load);
  return <Screen />;
}
