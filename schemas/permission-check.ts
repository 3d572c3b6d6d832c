import type { Permission } from './api/company';
/**
 * The permission rule of spec 000 section 6, shared by the console's login gate and the server's desk guard.
 * Pure and free of Node imports so the browser bundle can use it too.
 */

/** The three bit-string masks a desk token carries ('0'/'1' characters, index 0 first). */
export interface PermissionMasks {
  create: string;
  update: string;
  read: string;
}

/** A permission record as `GET /v1/accessControl/permissions` lists it. */
/** A permission record as the permissions call answers it. */
export type PermissionRecord = Permission;

/** The id of the permission that opens the console. */
export const LEGO_PERMISSION = 'prm.super.read';

/** Which of the user's masks and which of the record's masks a permission type compares. */
const MASK_OF_TYPE = {
  CD: ['create', 'permission_create_mask'],
  U: ['update', 'permission_update_mask'],
  R: ['read', 'permission_read_mask'],
} as const;

/** True when some index holds '1' in both strings; the shorter one counts as padded with '0's. */
function overlaps(a: string, b: string): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    if (a[i] === '1' && b[i] === '1') return true;
  }
  return false;
}

/**
 * Whether the user's masks grant every permission in `required`. A required id without a record, or of an
 * unknown type, is denied; an empty `required` list is granted (nothing was asked for).
 */
export function hasPermissions(userMasks: PermissionMasks, records: PermissionRecord[], required: string[]): boolean {
  return required.every((id) => {
    const record = records.find((r) => r.permission_id === id);
    const pair = record ? MASK_OF_TYPE[record.permission_type] : undefined;
    if (!record || !pair) return false;
    const [userKey, recordKey] = pair;
    return overlaps(String(userMasks?.[userKey] ?? ''), String(record[recordKey] ?? ''));
  });
}
