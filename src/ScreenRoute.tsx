import { lazy, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { matchPath, useParams } from 'react-router';
import {
  configServes,
  preloadKind,
  preloadScreenData,
  ScreenView,
  type AnyScreenConfig,
} from '../engine/registry/screenKinds';
import type { ScreenEntry } from '../engine/registry/screenRegistry';
import { readScope } from '../engine/scope/scope';
import { consoleExtensions } from './extensions';

type Loader = ScreenEntry['load'];

/**
 * One lazy component per screen, kept outside React: a component that suspends before its first mount loses
 * its state, so a lazy component made in a hook would be made again on every retry and never resolve.
 */
const screenComponents = new WeakMap<Loader, LazyExoticComponent<ComponentType<{ notFound: ReactNode }>>>();
/** Configs already downloaded (by {@link preloadScreen}): their screens mount without suspending first. */
const loadedConfigs = new WeakMap<Loader, AnyScreenConfig>();

/** A config's view, or `notFound` when the config does not serve the path's parameters (see `configServes`). */
function ServedScreen({ config, notFound }: { config: AnyScreenConfig; notFound: ReactNode }) {
  const params = useParams();
  return configServes(config, params) ? <ScreenView config={config} /> : notFound;
}

function screenComponent(load: Loader): LazyExoticComponent<ComponentType<{ notFound: ReactNode }>> {
  let component = screenComponents.get(load);
  if (!component) {
    component = lazy(() =>
      load().then((config) => ({
        default: ({ notFound }: { notFound: ReactNode }) => <ServedScreen config={config} notFound={notFound} />,
      })),
    );
    screenComponents.set(load, component);
  }
  return component;
}

/**
 * Loads a screen's config on demand (it suspends meanwhile) and mounts it with the view of its kind; a config
 * downloaded before the screen mounted mounts at once (the choice kept for the screen's life). A path whose
 * parameters the config does not serve (an unknown upload component) shows `notFound` instead.
 */
export function ScreenRoute({ load, notFound = null }: { load: Loader; notFound?: ReactNode }) {
  const [loaded] = useState(() => loadedConfigs.get(load));
  if (loaded) return <ServedScreen config={loaded} notFound={notFound} />;
  const Screen = screenComponent(load);
  return <Screen notFound={notFound} />;
}

/** The screen entry at `pathname`, with the path's parameters. */
function screenAt(entries: readonly ScreenEntry[], pathname: string) {
  for (const entry of entries) {
    for (const path of [entry.path, entry.editPath]) {
      const match = path ? matchPath(path, pathname) : null;
      if (match) return { entry, params: match.params };
    }
  }
  return null;
}

/**
 * Starts downloading the config and the view of the screen at `pathname` (if one is there), so that a page opened
 * directly, or reloaded, fetches them while the runtime config and the session's permissions load instead of after.
 */
export function preloadScreen(entries: readonly ScreenEntry[], pathname: string): void {
  const at = screenAt(entries, pathname);
  if (!at) return;
  const { load } = at.entry;
  load().then(
    (config) => loadedConfigs.set(load, config),
    () => undefined,
  );
  preloadKind(at.entry.kind);
}

/**
 * Starts reading the rows the screen at `pathname` shows first (see `preloadScreenData`), so a page opened directly,
 * or reloaded, reads them while the permissions are checked and the shell renders, instead of after the screen
 * mounts. The read is quiet and only fills the cache: a desk the check then refuses sees the login page as before.
 */
export function preloadScreenRows(entries: readonly ScreenEntry[], pathname: string, search: string): void {
  const at = screenAt(entries, pathname);
  if (!at) return;
  const query = new URLSearchParams(search);
  const ctx = { scope: readScope(query), params: at.params, query };
  const loaded = loadedConfigs.get(at.entry.load);
  if (loaded) preloadScreenData(loaded, ctx, consoleExtensions);
  else
    at.entry.load().then(
      (config) => preloadScreenData(config, ctx, consoleExtensions),
      () => undefined,
    );
}
