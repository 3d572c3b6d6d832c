import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../schemas/api/audit';
import { changeInWords, homeCounts, screenOfChange } from './homeModel';

const config = {
  areas: [
    { objectType: 'route', path: '/routes' },
    { objectType: 'alert', path: '/alert-settings' },
    { objectType: 'place', path: '/known-places' },
  ],
  auditPath: '/audit-log',
};

/** An audit entry as the list answers it. */
const entry = (change: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: 0,
  branchId: null,
  branchName: null,
  userId: 'u1',
  userName: 'Priya Sharma',
  userEmail: 'ops@demo.local',
  call: null,
  objectType: 'alert',
  objectId: 'al_17',
  objectName: 'Night driving',
  action: 'update',
  before: null,
  after: null,
  changes: [],
  changeSet: null,
  provenance: null,
  ...change,
});

describe('company home', () => {
  it("lists the config's kinds in its order with the server's counts and words, leaving out kinds not counted", () => {
    const counts = [
      { objectType: 'alert', label: 'Alerts', count: 4 },
      { objectType: 'route', label: 'Routes', count: 12 },
      { objectType: 'vehicle', label: 'Vehicles', count: 2 },
    ];
    expect(homeCounts(config, counts)).toEqual([
      { objectType: 'route', label: 'Routes', count: 12, path: '/routes' },
      { objectType: 'alert', label: 'Alerts', count: 4, path: '/alert-settings' },
    ]);
  });

  it("links a change to its kind's screen, and a kind the home does not count to the Audit Log", () => {
    expect(screenOfChange(config, 'place')).toBe('/known-places');
    expect(screenOfChange(config, 'ui_config')).toBe('/audit-log');
  });

  it('says a change in words: who, what was done to which record, and the fields it changed', () => {
    const changed = entry({
      changes: [
        { field: 'enabled', label: 'Enabled', before: 'false', after: 'true' },
        { field: 'extra_context', label: 'Settings', before: null, after: '{}' },
      ],
    });
    expect(changeInWords(changed)).toBe('Priya Sharma: Changed Alert Night driving (Enabled, Settings)');
    // A record whose label reads nothing is named by its id.
    expect(
      changeInWords(
        entry({ userName: null, action: 'delete', objectType: 'route', objectId: 'rt_1', objectName: null }),
      ),
    ).toBe('System: Deleted Route rt_1');
  });
});

describe('the home screen config', () => {
  it('links each kind it counts to a registered screen, and every declared resource with a screen is counted', async () => {
    const [{ homeScreen }, { screens }, { ALL_RESOURCES }] = await Promise.all([
      import('../../screens/home'),
      import('../../screens'),
      import('../../schemas/resources'),
    ]);
    const paths = new Set(screens.map((screen) => screen.path));
    expect(homeScreen.areas.filter((area) => !paths.has(area.path))).toEqual([]);
    expect(paths.has(homeScreen.auditPath)).toBe(true);
    const kinds = homeScreen.areas.map((a) => a.objectType);
    for (const resource of ALL_RESOURCES)
      if (resource.screen === undefined) expect(kinds).not.toContain(resource.objectType);
      else expect(kinds).toContain(resource.objectType);
    // Each kind once (a declared resource is not also named by hand).
    expect(kinds.filter((kind, i) => kinds.indexOf(kind) !== i)).toEqual([]);
  });
});
