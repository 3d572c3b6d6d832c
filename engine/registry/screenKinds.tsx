import { lazy, useState, type ComponentType } from 'react';
import { isRecord } from '../data/pick';
import { useEngineExtensions, type EngineExtensions, type ScreenKind } from '../extensions';
import type { ToolConfig } from '../tool/types';
import type { ConfigContext } from '../types';
import type { FormConfig } from '../form/types';
import type { ListConfig } from '../list/types';
import type { SheetConfig } from '../sheet/types';
import type { UploadConfig } from '../upload/types';

/** A kind's view: it mounts a config of its kind, which the registry holds as an {@link AnyScreenConfig}. */
type KindView = ComponentType<{ config: never }>;

/** The config of each built-in kind (made by `defineList`, `defineForm`, `defineSheet`...). */
interface BuiltInConfigs {
  list: ListConfig;
  form: FormConfig;
  sheet: SheetConfig;
  upload: UploadConfig;
  tool: ToolConfig;
}

/**
 * Whether a config is of a built-in kind, typed as that kind's config. Its kind is what a config is dispatched on
 * (to its view, to its checks), as a discriminated union's tag is: a config that names a kind is that kind's config.
 */
export const isKind = <K extends keyof BuiltInConfigs>(
  config: AnyScreenConfig,
  kind: K,
): config is AnyScreenConfig & BuiltInConfigs[K] => config.kind === kind;

/** Built-in kinds' views already downloaded (by {@link preloadKind}), which a screen then mounts without suspending. */
const loadedKinds = new Map<string, KindView>();

/** The code of each built-in kind's view (one chunk each); a downloaded view is kept in {@link loadedKinds}. */
const kindLoaders: Record<keyof BuiltInConfigs, () => Promise<{ default: KindView }>> = {
  list: () => import('../list/ListView').then((m) => ({ default: m.ListView })),
  form: () => import('../form/FormView').then((m) => ({ default: m.FormView })),
  sheet: () => import('../sheet/SheetView').then((m) => ({ default: m.SheetView })),
  upload: () => import('../upload/UploadView').then((m) => ({ default: m.UploadView })),
  tool: () => import('../tool/ToolView').then((m) => ({ default: m.ToolView })),
};

/** Whether a kind's name is a built-in kind's. */
const isBuiltIn = (kind: string): kind is keyof BuiltInConfigs => Object.hasOwn(kindLoaders, kind);

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
  if (!isBuiltIn(kind)) return;
  if (kind === 'list') loadListSource().catch(() => undefined);
  kindLoaders[kind]().then(
    (m) => loadedKinds.set(kind, m.default),
    () => undefined,
  );
}

/**
 * Starts reading what a screen shows first, before its view mounts: for a built-in list (not replaced by the app's
 * own kind), the first page of its rows (see `preloadList`), at once when its reader is downloaded; other kinds read
 * when they mount.
 */
export function preloadScreenData(
  config: AnyScreenConfig,
  ctx: Pick<ConfigContext, 'scope' | 'params'> & { query?: URLSearchParams },
  extensions: EngineExtensions = {},
): void {
  if (!isKind(config, 'list') || (extensions.kinds && Object.hasOwn(extensions.kinds, 'list'))) return;
  const preload = (m: typeof import('../list/listSource')) => m.preloadList(config, ctx.scope, ctx.params, ctx.query);
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

/** Whether a value is a screen config: it names its kind (and its path and title, if any, are texts). */
export const isScreenConfig = (value: unknown): value is AnyScreenConfig =>
  isRecord(value) &&
  typeof value.kind === 'string' &&
  (value.path === undefined || typeof value.path === 'string') &&
  (value.title === undefined ||
    typeof value.title === 'string' ||
    (isRecord(value.title) && typeof value.title.create === 'string'));

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
  if (!isKind(config, 'upload')) return true;
  const { componentParam, components } = config;
  if (!componentParam || !components) return true;
  const component = params[componentParam];
  return component !== undefined && Object.hasOwn(components, component);
}

/** The kinds in force: the built-in ones with the app's merged over them. */
export function kindsWith(extensions: EngineExtensions = {}): Record<string, ScreenKind> {
  return { ...screenKinds, ...extensions.kinds };
}

/**
 * A kind's view as the registry mounts it, with a config it holds as an {@link AnyScreenConfig}: the registry's one
 * assertion, where it erases each view's own config type. A view takes its kind's config, and is handed only configs
 * that name its kind (the dispatch {@link isKind} types).
 */
const mountable = (view: KindView | ScreenKind) => view as ComponentType<{ config: AnyScreenConfig }>;

/** The view of a config's kind; an unknown kind throws, naming the config. */
export function screenKindOf(
  config: AnyScreenConfig,
  extensions?: EngineExtensions,
): ComponentType<{ config: AnyScreenConfig }> {
  const kinds = kindsWith(extensions);
  const view = Object.hasOwn(kinds, config.kind) ? kinds[config.kind] : undefined;
  if (!view)
    throw new Error(
      `Unknown screen kind "${config.kind}" in config "${configName(config)}" (known: ${Object.keys(kinds).join(', ')})`,
    );
  return mountable(view);
}

/**
 * Mounts a config with the view its kind names (it suspends while that view's code loads). A built-in kind's view
 * downloaded before the screen mounted (see {@link preloadKind}) mounts as it is, without a fallback first; the
 * choice is kept for the screen's life, so a download finishing later never swaps the component (and so its state).
 */
export function ScreenView({ config }: { config: AnyScreenConfig }) {
  const View = screenKindOf(config, useEngineExtensions());
  const [loaded] = useState(() => loadedKinds.get(config.kind));
  const builtIn = isBuiltIn(config.kind) && View === mountable(screenKinds[config.kind]);
  const Shown = loaded && builtIn ? mountable(loaded) : View;
  return <Shown config={config} />;
}
