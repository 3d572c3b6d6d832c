import { describe, expect, it } from 'vitest';
import { defineScreens, menuGroups, screenRegistry } from './screenRegistry';

const list = (path: string, group: string, order: number) => ({
  kind: 'list' as const,
  path,
  title: path,
  menu: { label: path, group, order },
});
const configs = {
  aList: { ...list('/a', 'Masters', 2) },
  bList: { ...list('/b', 'Routes', 1) },
  cList: { ...list('/c', 'Masters', 1) },
};

describe('screen registry', () => {
  it('pairs each registration with its config, loaded on demand', async () => {
    let loads = 0;
    const load = async () => {
      loads += 1;
      return configs;
    };
    const [a] = screenRegistry(
      { './a.meta.ts': defineScreens<typeof configs>({ aList: configs.aList }) },
      { './a.ts': load },
    );
    expect({ name: a.name, path: a.path, loads }).toEqual({ name: 'a#aList', path: '/a', loads: 0 });
    await expect(a.load()).resolves.toBe(configs.aList);
  });

  it('throws when two screens claim a path, or a registered config is missing', async () => {
    const load = async () => configs;
    const loaders = { './a.ts': load, './b.ts': load, './x.ts': load };
    expect(() =>
      screenRegistry(
        {
          './a.meta.ts': defineScreens<typeof configs>({ aList: configs.aList }),
          './b.meta.ts': defineScreens<typeof configs>({ bList: { ...configs.bList, path: '/a' } }),
        },
        loaders,
      ),
    ).toThrow('Path /a is registered twice: by a#aList and by b#bList');
    const [missing] = screenRegistry({ './x.meta.ts': { screens: { xList: list('/x', 'Masters', 1) } } }, loaders);
    await expect(missing.load()).rejects.toThrow(
      'Screen "x#xList" is registered in ./x.meta.ts, but its module exports no config "xList"',
    );
  });

  it("orders the menu by the given groups, then by each entry's order", () => {
    const entries = screenRegistry(
      { './all.meta.ts': defineScreens<typeof configs>(configs) },
      { './all.ts': async () => configs },
    );
    expect(
      menuGroups(entries, ['Routes', 'Masters']).map(({ group, entries: e }) => [group, e.map((entry) => entry.path)]),
    ).toEqual([
      ['Routes', ['/b']],
      ['Masters', ['/c', '/a']],
    ]);
  });
});
