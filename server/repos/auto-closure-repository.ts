import type { AutoClosure, AutoClosureConfig } from '../../schemas/auto-closure';
import type { CustomField } from '../../schemas/api/data';
import { reachFilter, type Scope } from './scope-repository';
import type { Queryable } from '../store/store';
import { versionedTable, type Expected } from './versioned';

/** A stored rule: its type (identifier), switch, branch, the type's fields of spec 001 section 3 (config) and its row version (the ETag). */
export type AutoClosureRow = Pick<AutoClosure, 'id' | 'identifier' | 'active' | 'branchId'> & {
  config: AutoClosureConfig;
  version: number;
};

const SELECT = `select id, identifier, active, branch_id as "branchId", config, version from auto_closure_rules`;

/** The rules' versioned writes (If-Match). */
const versioned = versionedTable('auto_closure_rules');

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
  /** Flips a rule's switch while it has an `expected` version; the new switch and version (or the refusal thrown). */
  flip(q: Queryable, id: string, expected: Expected): Promise<{ active: boolean; version: number }> {
    const set = 'active = not active, updated_at = now()';
    return versioned.update(q, { key: id, expected, set, returning: 'active, version' });
  },
  /** Replaces a rule's fields (`config`, JSON text) while it has an `expected` version; its new version (or the refusal thrown). */
  async updateConfig(q: Queryable, id: string, config: string, expected: Expected): Promise<number> {
    const set = 'config = $3, updated_at = now()';
    return (await versioned.update(q, { key: id, expected, set, values: [config] })).version;
  },
  /**
   * Stores a new rule unless its scope (company, or branch) already holds one of its type, stored before or by a
   * request meanwhile (the unique index decides); whether it was stored.
   */
  async insert(
    q: Queryable,
    rule: { id: string; companyId: string; branchId: string | null; identifier: string; config: string },
  ): Promise<boolean> {
    const rows = await q.query(
      `insert into auto_closure_rules (id, company_id, branch_id, identifier, config) values ($1, $2, $3, $4, $5)
       on conflict do nothing returning id`,
      [rule.id, rule.companyId, rule.branchId, rule.identifier, rule.config],
    );
    return rows.length > 0;
  },
  /** The company's custom trip fields, by display name. */
  customFields(q: Queryable, companyId: string): Promise<CustomField[]> {
    return q.query<CustomField>(
      'select field_id as "fieldId", display_name as "displayName" from company_custom_fields where company_id = $1 order by display_name',
      [companyId],
    );
  },
  async hasCustomField(q: Queryable, companyId: string, fieldId: string): Promise<boolean> {
    return !!(await q.one('select 1 from company_custom_fields where company_id = $1 and field_id = $2', [
      companyId,
      fieldId,
    ]));
  },
};
