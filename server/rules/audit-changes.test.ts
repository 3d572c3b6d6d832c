import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes';

describe('auditChanges', () => {
  it('lists the changed leaves by dotted path, opening JSON kept as text and leaving bookkeeping and derived columns out', () => {
    const before = {
      id: 'alc_1',
      enabled: true,
      updated_at: 1,
      version: 1,
      search_text: 'a',
      extra_context: JSON.stringify([{ ticketing: { raise_ticket: false }, emails: ['a@x.in'] }]),
      origin: { label: 'Chakan', google: { geometry: { location: { lat: 18.75, lng: 73.87 } } } },
      menu: ['trips', 'alerts'],
    };
    const after = {
      ...before,
      enabled: false,
      updated_at: 2,
      version: 2,
      search_text: 'b',
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

  it('shows a creation as the fields it set and a deletion as the fields it had, bookkeeping and empty values left out', () => {
    const created = {
      id: 'v1',
      company_id: '1001',
      version: 1,
      created_at: '2026-11-23T10:00:00Z',
      updated_at: '2026-11-23T10:00:00Z',
      updated_by: 'ops',
      label: 'Reefer',
      branch_id: null,
      code: '  ',
      tags: [],
      extra: {},
      active: false,
      ft_vehicle_id: 0,
      origin: { label: 'Chakan', address: '', google: { place_id: 'p1' } },
    };
    expect(auditChanges(null, created)).toEqual([
      { field: 'active', before: null, after: 'false' },
      { field: 'ft_vehicle_id', before: null, after: '0' },
      { field: 'label', before: null, after: 'Reefer' },
      { field: 'origin.google.place_id', before: null, after: 'p1' },
      { field: 'origin.label', before: null, after: 'Chakan' },
    ]);
    expect(auditChanges(created, null)).toEqual(
      auditChanges(null, created).map((change) => ({ field: change.field, before: change.after, after: null })),
    );
    // The key column, whatever its name, is the entry's Object Id already.
    expect(auditChanges(null, { cp_id: 'cp_1', label: 'Works' }, 'cp_1')).toEqual([
      { field: 'label', before: null, after: 'Works' },
    ]);
    expect(auditChanges({ target: 'trips', label: 'Trips' }, null, 'trips')).toEqual([
      { field: 'label', before: 'Trips', after: null },
    ]);
    // A record of bookkeeping alone sets nothing to list.
    expect(auditChanges(null, { id: 'v1', version: 1, created_at: 'now' })).toEqual([]);
    expect(auditChanges({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([]);
  });

  it('still lists a change to or from an empty value, and a changed id, on an update', () => {
    expect(auditChanges({ id: 'a', code: 'X1', label: 'L' }, { id: 'b', code: '', label: 'L' }, 'b')).toEqual([
      { field: 'code', before: 'X1', after: '' },
      { field: 'id', before: 'a', after: 'b' },
    ]);
  });

  it('cuts long values for the screen but still tells values apart that differ after the cut', () => {
    const long = 'x'.repeat(600);
    const [change] = auditChanges({ note: `${long}a` }, { note: `${long}b` });
    expect(change.before).toHaveLength(501);
    expect(change.before!.endsWith('…')).toBe(true);
  });
});
