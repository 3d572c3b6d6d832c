import { describe, expect, it } from 'vitest';
import { configProblems } from '../engine/registry/checkConfig';
import { allCalls } from '../schemas/api/all-calls';
import { consoleExtensions } from '../src/extensions';
import { screens } from './index';

/** Every route path the registry mounts. */
const paths = screens.flatMap((entry) => (entry.editPath ? [entry.path, entry.editPath] : [entry.path]));

/** Every config module of this folder, loaded eagerly here only (the console loads each with its page). */
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.meta.ts', '!./*.test.ts', '!./index.ts'], {
  eager: true,
});

describe('screen registry', () => {
  it('registers every routed config of screens/ (a config with a path and no registration would be unreachable)', () => {
    // A module's named exports, and (configs made from declarations, screens/resources.ts) its default export's values.
    const configsOf = (exports: Record<string, unknown>) => {
      const made = exports.default;
      return [
        ...Object.entries(exports),
        ...(made && typeof made === 'object' && !('kind' in made) ? Object.entries(made) : []),
      ];
    };
    const routed = Object.entries(modules).flatMap(([file, exports]) =>
      configsOf(exports)
        .filter(
          ([, value]) =>
            typeof value === 'object' &&
            value !== null &&
            'kind' in value &&
            typeof (value as { path?: unknown }).path === 'string',
        )
        .map(([name]) => `${file.replace('./', '').replace(/\.ts$/, '')}#${name}`),
    );
    expect(routed.sort()).toEqual(screens.map((entry) => entry.name).sort());
  });

  it('names every menu entry once (two entries of one name would leave the operator guessing)', () => {
    const labels = screens.flatMap((entry) => (entry.menu ? [entry.menu.label] : []));
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
  });

  it.each(screens.map((entry) => [entry.name, entry] as const))(
    '%s: its config agrees with its registration and passes the engine checks',
    async (_name, entry) => {
      const config = await entry.load();
      const registered = {
        kind: entry.kind,
        path: entry.path,
        editPath: entry.editPath,
        title: entry.title,
        menu: entry.menu,
      };
      const { kind, path, title } = config;
      const editPath = 'editPath' in config ? config.editPath : undefined;
      const menu = 'menu' in config ? config.menu : undefined;
      expect({ kind, path, editPath, title, menu }).toEqual(registered);
      expect(configProblems(config, { extensions: consoleExtensions, calls: allCalls, paths })).toEqual([]);
    },
  );
});
