import type { MenuEntry } from '../types';
import { isRecord } from '../data/pick';
import { isScreenConfig, type AnyScreenConfig } from './screenKinds';

/**
 * What the router and the menu need of a screen before its config loads: its kind, where it mounts (and, for a
 * form, where it edits), its title and its menu entry. The config spreads this object, so each is written once.
 */
export interface ScreenMeta {
  kind: string;
  path: string;
  editPath?: string;
  title: string | { create: string; edit?: string };
  menu?: MenuEntry;
}

/** A registered screen: its metadata (of the app's kind `M`), its name (`file#export`) and the loader of its config. */
export type ScreenEntry<M extends ScreenMeta = ScreenMeta> = M & {
  name: string;
  load: () => Promise<AnyScreenConfig>;
};

/** The screens one config module registers: each registered config's metadata by export name. */
export interface ScreenModule<M extends ScreenMeta = ScreenMeta> {
  screens: Record<string, M>;
}

/**
 * Registers configs of a module, e.g. `defineScreens<typeof import('./routes')>({ routesList, routeForm })` in
 * `routes.meta.ts`. The module is named by type only, so the registration does not import it: a name the module does
 * not export, or metadata of another kind than that export's, fails the type check, and the module loads only when
 * one of its screens is opened (see {@link screenRegistry}).
 */
export function defineScreens<M extends object>(
  screens: { [K in keyof M]?: M[K] extends { kind: infer Kind } ? ScreenMeta & { kind: Kind } : never },
): ScreenModule {
  const registered: Record<string, ScreenMeta> = {};
  for (const [name, meta] of Object.entries<ScreenMeta | undefined>(screens)) if (meta) registered[name] = meta;
  return { screens: registered };
}

/**
 * The screens of an app from its registration modules (`x.meta.ts`, each default-exporting `defineScreens(...)`)
 * and the loaders of its config modules (`x.ts` beside each), e.g. two `import.meta.glob`s: the registrations eager,
 * the configs lazy. Throws when a registration module exports something else or has no config module, or when two
 * screens claim one path.
 */
export function screenRegistry<M extends ScreenMeta>(
  registrations: Record<string, ScreenModule<M>>,
  configModules: Record<string, () => Promise<unknown>>,
): ScreenEntry<M>[] {
  const entries: ScreenEntry<M>[] = [];
  for (const [file, module] of Object.entries(registrations)) {
    const configFile = file.replace(/\.meta\.ts$/, '.ts');
    const loadModule = configModules[configFile];
    if (!module || typeof module.screens !== 'object')
      throw new Error(`${file} must export default defineScreens({ ... })`);
    if (!loadModule) throw new Error(`${file} registers screens, but there is no config module ${configFile}`);
    for (const [exportName, meta] of Object.entries(module.screens)) {
      const name = `${file.replace(/^.*\//, '').replace(/\.meta\.ts$/, '')}#${exportName}`;
      const load = async () => {
        const loaded: unknown = await loadModule();
        // A config is a named export, or (screens made from declarations, whose names are data) one of the default export's.
        const config = !isRecord(loaded)
          ? undefined
          : (loaded[exportName] ?? (isRecord(loaded.default) ? loaded.default[exportName] : undefined));
        if (!config)
          throw new Error(
            `Screen "${name}" is registered in ${file}, but its module exports no config "${exportName}"`,
          );
        if (!isScreenConfig(config))
          throw new Error(`Screen "${name}" is registered in ${file}, but its export "${exportName}" is no config`);
        return config;
      };
      entries.push({ ...meta, name, load });
    }
  }
  const owners = new Map<string, string>();
  for (const entry of entries) {
    for (const path of [entry.path, entry.editPath].filter((p): p is string => Boolean(p))) {
      const owner = owners.get(path);
      if (owner) throw new Error(`Path ${path} is registered twice: by ${owner} and by ${entry.name}`);
      owners.set(path, entry.name);
    }
  }
  return entries;
}

/** The entries that show in the menu, by group in `groupOrder` (unlisted groups last) and by `menu.order` within one. */
export function menuGroups<E extends ScreenMeta>(
  entries: readonly E[],
  groupOrder: readonly string[],
): { group: string; entries: E[] }[] {
  const rank = (group: string) => (groupOrder.includes(group) ? groupOrder.indexOf(group) : groupOrder.length);
  const inMenu = entries.filter((entry) => entry.menu);
  const groups = [...new Set(inMenu.map((entry) => entry.menu!.group))].sort((a, b) => rank(a) - rank(b));
  return groups.map((group) => ({
    group,
    entries: inMenu
      .filter((entry) => entry.menu!.group === group)
      .sort((a, b) => (a.menu!.order ?? 0) - (b.menu!.order ?? 0)),
  }));
}
