import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes';

describe('auditChanges', () => {
  it('lists the changed leaves by dotted path, opening JSON kept as text and leaving bookkeeping out', () => {
    const before = {
      id: 'alc_1', enabled: true, updated_at: 1, version: 1,
      extra_context: JSON.stringify([{ ticketing: { raise_ticket: false }, emails: ['a@x.in'] }]),
      origin: { label: 'Chakan', google: { geometry: { location: { lat: 18.75, lng: 73.87 } } } },
      menu: ['trips', 'alerts'],
    };
    const after = {
      ...before, enabled: false, updated_at: 2, version: 2,
      extra_context: JSON.stringify([{ ticketing: { raise_ticket: true }, emails: ['a@x.in'] }]),
      origin: { label: 'Chakan', google: { geometry: { location: { lat: 18.76, lng: 73.87 } } } },
      menu: ['trips'],
    };
    expect(auditChanges(before, after)).toEqual([
      { field: 'enabled', before: 'true', after: 'false' },
      { field: 'extra_context[0].ticketing.raise_ticket', before: 'false', after: 'true' },
      { field: 'menu', before: '["trips","alerts"]', after: '["trips"]' },
      { field: 'origin.google.geometry.location.lat', before: '18.75', after: '18.76' },
    ]);
  });

  it('shows a creation as every set field from none, a deletion the other way, and nothing for equal records', () => {
    expect(auditChanges(null, { id: 'v1', label: 'Reefer', branch_id: null })).toEqual([
      { field: 'id', before: null, after: 'v1' },
      { field: 'label', before: null, after: 'Reefer' },
    ]);
    expect(auditChanges({ id: 'v1' }, null)).toEqual([{ field: 'id', before: 'v1', after: null }]);
    expect(auditChanges({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([]);
  });

  it('cuts long values for the screen but still tells values apart that differ after the cut', () => {
    const long = 'x'.repeat(600);
    const [change] = auditChanges({ note: `${long}a` }, { note: `${long}b` });
    expect(change.before).toHaveLength(501);
    expect(change.before!.endsWith('…')).toBe(true);
  });
});
