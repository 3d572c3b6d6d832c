import { reachFilter, type Scope } from './scope-repository';
import type { Queryable } from '../store/store';
import type { Expected } from '../http/etag';

/** A stored rule: its type (identifier), switch, branch, the type's fields of spec 001 section 3 (config) and its row version (the ETag). */
export interface AutoClosureRow {
  id: string;
  identifier: string;
  active: boolean;
  branchId: string | null;
  config: Record<string, unknown>;
  version: number;
}

const SELECT = `select id, identifier, active, branch_id as "branchId", config, version from auto_closure_rules`;

/** Where a write may touch rule `$1`: always, or only while it has one of the versions in `$2` (If-Match). */
const AT_VERSION = 'id = $1 and ($2::int[] is null or version = any($2::int[]))';

/** The SQL of the auto closure rules (spec 001 sections 2.3 and 3) and of the company custom fields they test. */
export const autoClosureRepository = {
  /** The company's rules (only the chosen branch's, when one is), oldest first. */
  list(q: Queryable, scope: Pick<Scope, 'companyId' | 'branchId'>): Promise<AutoClosureRow[]> {
    return q.query<AutoClosureRow>(
      `${SELECT} where company_id = $1 and ($2::text is null or branch_id = $2) order by created_at, id`,
      [scope.companyId, scope.branchId],
    );
  },
  /** Rule `id` within reach of the scope (the company's; with a branch, that branch's or a company-wide one), or null. */
  find(q: Queryable, id: string, scope: Pick<Scope, 'companyId' | 'branchId'>): Promise<AutoClosureRow | null> {
    const reach = reachFilter(scope, 2, { branch: 'branch_id' });
    return q.one<AutoClosureRow>(`${SELECT} where id = $1 and ${reach.sql}`, [id, ...reach.params]);
  },
  /** The row version of rule `id`, or null when there is none. */
  async version(q: Queryable, id: string): Promise<number | null> {
    return (await q.one<{ version: number }>('select version from auto_closure_rules where id = $1', [id]))?.version ?? null;
  },
  /** Flips a rule's switch while it has an `expected` version; the new switch and version, or null when no row qualified. */
  flip(q: Queryable, id: string, expected: Expected): Promise<{ active: boolean; version: number } | null> {
    return q.one<{ active: boolean; version: number }>(
      `update auto_closure_rules set active = not active, updated_at = now(), version = version + 1 where ${AT_VERSION}
       returning active, version`,
      [id, expected],
    );
  },
  /** Replaces a rule's fields (`config`, JSON text) while it has an `expected` version; its new version, or null when no row qualified. */
  async updateConfig(q: Queryable, id: string, config: string, expected: Expected): Promise<number | null> {
    const row = await q.one<{ version: number }>(
      `update auto_closure_rules set config = $3, updated_at = now(), version = version + 1 where ${AT_VERSION} returning version`,
      [id, expected, config],
    );
    return row?.version ?? null;
  },
  /**
   * Stores a new rule unless its scope (company, or branch) already holds one of its type, stored before or by a
   * request meanwhile (the unique index decides); whether it was stored.
   */
  async insert(q: Queryable, rule: { id: string; companyId: string; branchId: string | null; identifier: string; config: string }): Promise<boolean> {
    const rows = await q.query(
      `insert into auto_closure_rules (id, company_id, branch_id, identifier, config) values ($1, $2, $3, $4, $5)
       on conflict do nothing returning id`,
      [rule.id, rule.companyId, rule.branchId, rule.identifier, rule.config],
    );
    return rows.length > 0;
  },
  /** The company's custom trip fields, by display name. */
  customFields(q: Queryable, companyId: string) {
    return q.query<{ fieldId: string; displayName: string }>(
      'select field_id as "fieldId", display_name as "displayName" from company_custom_fields where company_id = $1 order by display_name',
      [companyId],
    );
  },
  async hasCustomField(q: Queryable, companyId: string, fieldId: string): Promise<boolean> {
    return !!(await q.one('select 1 from company_custom_fields where company_id = $1 and field_id = $2', [companyId, fieldId]));
  },
};
