import type { Permission } from '../../schemas/api/company';
import type { Queryable } from '../store/store';

/** The SQL of the permission records (spec 000 section 6). */
export const permissionRepository = {
  /** Every permission record with its masks, by id. */
  list: (q: Queryable) =>
    q.query<Permission>(
      `select permission_id, name, permission_type, permission_create_mask, permission_update_mask,
              permission_read_mask from permissions order by permission_id`,
    ),
};
