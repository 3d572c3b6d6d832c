import { describe, expect, it } from 'vitest';
import { screens } from './index';
import { manifest } from './manifest';

describe('screen manifest', () => {
  it('lists every screen of the registry once', () => {
    expect(manifest.map((e) => e.path).sort()).toEqual(screens.map((s) => s.path).sort());
  });

  it.each(manifest.map((entry) => [entry.path, entry] as const))('%s matches its config', async (_path, entry) => {
    const config = await entry.load();
    expect(config.path).toBe(entry.path);
    if (config.kind === 'form') expect(config.editPath).toBe(entry.editPath);
    else if (config.kind === 'list') expect(config.menu).toEqual(entry.menu);
    else expect(entry.menu).toBeUndefined();
  });
});
