import { describe, expect, it } from 'vitest';
import { hasPermissions, type PermissionRecord } from './permission-check';

const record = (
  id: string,
  type: PermissionRecord['permission_type'],
  masks: [string, string, string],
): PermissionRecord => ({
  permission_id: id,
  name: id,
  permission_type: type,
  permission_create_mask: masks[0],
  permission_update_mask: masks[1],
  permission_read_mask: masks[2],
});

const records = [
  record('prm.super.read', 'R', ['1111', '1111', '0001']),
  record('prm.routes.create', 'CD', ['0100', '0000', '0000']),
  record('prm.routes.update', 'U', ['0000', '001', '0000']),
];

describe('hasPermissions (spec 000 section 6)', () => {
  it('grants when the mask of the record type overlaps the user mask', () => {
    expect(hasPermissions({ create: '', update: '', read: '0001' }, records, ['prm.super.read'])).toBe(true);
    expect(hasPermissions({ create: '0100', update: '', read: '' }, records, ['prm.routes.create'])).toBe(true);
  });

  it('compares only the mask of the record type', () => {
    // The create and update masks overlap, but prm.super.read is of type R and the read masks do not.
    expect(hasPermissions({ create: '1111', update: '1111', read: '1110' }, records, ['prm.super.read'])).toBe(false);
  });

  it('pads the shorter mask with zeros', () => {
    expect(hasPermissions({ create: '', update: '0010000', read: '' }, records, ['prm.routes.update'])).toBe(true);
    expect(hasPermissions({ create: '', update: '', read: '000' }, records, ['prm.super.read'])).toBe(false);
    expect(hasPermissions({ create: '', update: '00', read: '' }, records, ['prm.routes.update'])).toBe(false);
  });

  it('needs every listed permission', () => {
    const user = { create: '0100', update: '0000', read: '0001' };
    expect(hasPermissions(user, records, ['prm.super.read', 'prm.routes.create'])).toBe(true);
    expect(hasPermissions(user, records, ['prm.super.read', 'prm.routes.update'])).toBe(false);
  });

  it('denies an id without a record', () => {
    expect(hasPermissions({ create: '1', update: '1', read: '1' }, records, ['prm.unknown'])).toBe(false);
    expect(hasPermissions({ create: '1', update: '1', read: '1' }, [], ['prm.super.read'])).toBe(false);
  });
});
