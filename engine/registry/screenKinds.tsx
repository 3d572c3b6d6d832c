import { lazy, useState, type ComponentType } from 'react';
import { useEngineExtensions, type EngineExtensions, type ScreenKind } from '../extensions';
import type { ConfigContext, ListConfig } from '../types';

type KindView = ComponentType<{ config: never }>;

/** Built-in kinds' views already downloaded (by {@link preloadKind}), which a screen then mounts without suspending. */
const loadedKinds = new Map<string, KindView>();

/** The code of each built-in kind's view (one chunk each); a downloaded view is kept in {@link loadedKinds}. */
const kindLoaders = {
  list: () => import('../list/ListView').then((m) => ({ default: m.ListView })),
  form: () => import('../form/FormView').then((m) => ({ default: m.FormView })),
  sheet: () => import('../sheet/SheetView').then((m) => ({ default: m.SheetView })),
  upload: () => import('../upload/UploadView').then((m) => ({ default: m.UploadView })),
  tool: () => import('../tool/ToolView').then((m) => ({ default: m.ToolView })),
};

/** The built-in screen kinds, each engine in its own chunk, loaded when a screen of that kind first mounts. */
export const screenKinds = {
  list: lazy(kindLoaders.list),
  form: lazy(kindLoaders.form),
  sheet: lazy(kindLoaders.sheet),
  upload: lazy(kindLoaders.upload),
  tool: lazy(kindLoaders.tool),
} as const satisfies Record<string, ScreenKind>;

/** The list's source reader, once downloaded: a preload can then start its read at once (see {@link preloadScreenData}). */
let listSource: typeof import('../list/listSource') | undefined;
const loadListSource = () => import('../list/listSource').then((m) => (listSource = m));

/**
 * Starts downloading a built-in kind's view before a screen of it mounts (e.g. while the session is checked), so
 * the screen need not wait for it then, nor suspend once it is there; an app's kind, or a failed download, is left
 * to the screen's own load.
 */
export function preloadKind(kind: string): void {
  if (!Object.hasOwn(kindLoaders, kind)) return;
  if (kind === 'list') loadListSource().catch(() => undefined);
  kindLoaders[kind as keyof typeof kindLoaders]().then((m) => loadedKinds.set(kind, m.default as KindView), () => undefined);
}

/**
 * Starts reading what a screen shows first, before its view mounts: for a built-in list (not replaced by the app's
 * own kind), the first page of its rows (see `preloadList`), at once when its reader is downloaded; other kinds read
 * when they mount.
 */
export function preloadScreenData(config: AnyScreenConfig, ctx: Pick<ConfigContext, 'scope' | 'params'>, extensions: EngineExtensions = {}): void {
  if (config.kind !== 'list' || (extensions.kinds && Object.hasOwn(extensions.kinds, 'list'))) return;
  const preload = (m: typeof import('../list/listSource')) => m.preloadList(config as ListConfig, ctx.scope, ctx.params);
  if (listSource) preload(listSource);
  else loadListSource().then(preload, () => undefined);
}

/** A built-in kind's name. */
export type ScreenKindName = keyof typeof screenKinds;

/** The least every config of any kind has: the kind, and a path or title to name it by in messages. */
export interface AnyScreenConfig {
  kind: string;
  path?: string;
  title?: string | { create: string; edit?: string };
}

/** How messages name a config: its path, else its title. */
export function configName(config: AnyScreenConfig): string {
  const title = typeof config.title === 'string' ? config.title : config.title?.create;
  return config.path ?? title ?? '(untitled)';
}

/**
 * Whether a config serves the path's parameters: an upload screen serves only the components it names (e.g.
 * /bulk-upload/configurations, not /bulk-upload/nonsense); other kinds serve whatever their path matches. The app
 * shows its not-found page for a path a config does not serve.
 */
export function configServes(config: AnyScreenConfig, params: Readonly<Record<string, string | undefined>>): boolean {
  if (config.kind !== 'upload') return true;
  const { componentParam, components } = config as AnyScreenConfig & { componentParam?: string; components?: Record<string, string> };
  if (!componentParam || !components) return true;
  const component = params[componentParam];
  return component !== undefined && Object.hasOwn(components, component);
}

/** The kinds in force: the built-in ones with the app's merged over them. */
export function kindsWith(extensions: EngineExtensions = {}): Record<string, ScreenKind> {
  return { ...screenKinds, ...extensions.kinds };
}

/** The view of a config's kind; an unknown kind throws, naming the config. */
export function screenKindOf(config: AnyScreenConfig, extensions?: EngineExtensions): ComponentType<{ config: AnyScreenConfig }> {
  const kinds = kindsWith(extensions);
  const view = Object.hasOwn(kinds, config.kind) ? kinds[config.kind] : undefined;
  if (!view) throw new Error(`Unknown screen kind "${config.kind}" in config "${configName(config)}" (known: ${Object.keys(kinds).join(', ')})`);
  return view as unknown as ComponentType<{ config: AnyScreenConfig }>;
}

/**
 * Mounts a config with the view its kind names (it suspends while that view's code loads). A built-in kind's view
 * downloaded before the screen mounted (see {@link preloadKind}) mounts as it is, without a fallback first; the
 * choice is kept for the screen's life, so a download finishing later never swaps the component (and so its state).
 */
export function ScreenView({ config }: { config: AnyScreenConfig }) {
  const View = screenKindOf(config, useEngineExtensions());
  const [loaded] = useState(() => loadedKinds.get(config.kind));
  const builtIn = Object.hasOwn(screenKinds, config.kind) && View === (screenKinds as Record<string, unknown>)[config.kind];
  const Shown = loaded && builtIn ? (loaded as unknown as ComponentType<{ config: AnyScreenConfig }>) : View;
  return <Shown config={config} />;
}
