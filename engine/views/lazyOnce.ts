import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

// biome-ignore lint/suspicious/noExplicitAny: one cache for loaders of any props; each entry keeps its loader's props
const made = new WeakMap<Loader<any>, LazyExoticComponent<ComponentType<any>>>();

/**
 * The lazy component of a config's loader (a row action's modal, a sheet or form tool's): made once per loader, so
 * that every render (and every row) mounts the same component and its code loads when it is first shown.
 */
export function lazyOnce<P>(load: Loader<P>): LazyExoticComponent<ComponentType<P>> {
  let found = made.get(load);
  if (!found) {
    found = lazy(load);
    made.set(load, found);
  }
  return found;
}
