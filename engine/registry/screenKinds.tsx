import { lazy, type ComponentType } from 'react';
import { useEngineExtensions, type EngineExtensions, type ScreenKind } from '../extensions';

/** The built-in screen kinds, each engine in its own chunk, loaded when a screen of that kind first mounts. */
export const screenKinds = {
  list: lazy(() => import('../list/ListView').then((m) => ({ default: m.ListView }))),
  form: lazy(() => import('../form/FormView').then((m) => ({ default: m.FormView }))),
  sheet: lazy(() => import('../sheet/SheetView').then((m) => ({ default: m.SheetView }))),
} as const satisfies Record<string, ScreenKind>;

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

/** Mounts a config with the view its kind names (it suspends while that view's code loads). */
export function ScreenView({ config }: { config: AnyScreenConfig }) {
  const View = screenKindOf(config, useEngineExtensions());
  return <View config={config} />;
}
