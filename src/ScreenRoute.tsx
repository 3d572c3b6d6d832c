import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ScreenView } from '../engine/registry/screenKinds';
import type { ScreenEntry } from '../engine/registry/screenRegistry';

type Loader = ScreenEntry['load'];

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

/** Loads a screen's config on demand (it suspends meanwhile) and mounts it with the view of its kind. */
export function ScreenRoute({ load }: { load: Loader }) {
  const Screen = screenComponent(load);
  return <Screen />;
}
