import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import type { AppListPart, FormPart } from './types';
import {
  createContext,
  lazy,
  Suspense,
  useContext,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';

/** A kind of screen: a view, loaded on demand, that mounts a config of that kind (`<View config={config} />`). */
export type ScreenKind = LazyExoticComponent<ComponentType<{ config: never }>>;

/**
 * What the app adds to the engine's registries: screen kinds (map editors, tool pages), widgets and fields, each
 * keyed by the name configs use. The engine merges them over its built-in ones the way rjsf merges a form's
 * widgets over its theme's: an app entry with a built-in name replaces it.
 */
export interface EngineExtensions {
  kinds?: Record<string, ScreenKind>;
  widgets?: RegistryWidgetsType;
  fields?: RegistryFieldsType;
  /** Parts the app adds to every form, after the form's own (e.g. 'Propose change' beside Save). */
  formParts?: readonly FormPart[];
  /** Parts the app adds to every list, after the list's own (e.g. 'Propose delete' where deletes are reviewed). */
  listParts?: readonly AppListPart[];
}

/** Declares the app's extensions, keeping their names' literal types (for unions such as `keyof typeof x.fields`). */
export const defineExtensions = <const E extends EngineExtensions>(extensions: E): E => extensions;

const ExtensionsContext = createContext<EngineExtensions>({});

/** Hands the app's extensions to every engine view below it. */
export function EngineExtensionsProvider({ value, children }: { value: EngineExtensions; children: ReactNode }) {
  return <ExtensionsContext.Provider value={value}>{children}</ExtensionsContext.Provider>;
}

/** The app's extensions in force (none outside a provider: the built-in registries alone). */
export function useEngineExtensions(): EngineExtensions {
  return useContext(ExtensionsContext);
}

/**
 * A component whose code loads the first time it renders (showing `fallback` meanwhile), so that registering an
 * app widget or field does not put its code in the console's first bundle.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Loaded: ComponentType<P> = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per registered widget or field (as React.lazy is), never while rendering
  return function LazyComponent(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
