import { describe, expect, it } from 'vitest';
import { CONFIG_AREA_KEYS, CONFIG_AREAS } from './config-copy';
import { ALL_RESOURCES } from './resources';

describe('the areas of Compare and Copy', () => {
  it("are each one declaration's: a compared resource's, no name twice", () => {
    const declared = ALL_RESOURCES.filter((resource) => resource.compare).map((resource) => resource.name);
    expect(declared.filter((name, i) => declared.indexOf(name) !== i)).toEqual([]);
    expect(CONFIG_AREA_KEYS).toEqual(declared);
  });

  it("are shown in the screen's order, each with its heading and its natural key in words", () => {
    expect(CONFIG_AREA_KEYS.slice(0, 1)).toEqual(['notifications']);
    // In the order of the declarations.
    expect(CONFIG_AREA_KEYS.slice(-11)).toEqual([
      'alerts',
      'uiConfig',
      'autoClosure',
      'dashboards',
      'reportSchedules',
      'sidebarMenu',
      'landingPages',
      'featureSettings',
      'etaPreferences',
      'apConfig',
      'holidays',
    ]);
    expect(CONFIG_AREAS.uiConfig).toEqual({ label: 'Alert and ticket UI config', key: 'module' });
    expect(CONFIG_AREAS.featureSettings).toEqual({ label: 'Feature settings', key: 'feature' });
    expect(CONFIG_AREAS.etaPreferences).toEqual({ label: 'ETA preferences', key: 'company' });
    expect(CONFIG_AREAS.holidays).toEqual({ label: 'Holiday Calendar', key: 'date and region' });
    expect(CONFIG_AREAS.sidebarMenu).toEqual({ label: 'Sidebar menus', key: 'role or users' });
    expect(CONFIG_AREAS.notifications).toEqual({ label: 'Notification configurations', key: 'event and mode' });
  });
});
