import type { Scope } from './scope-repository';
import type { Queryable } from '../store/store';

/** A stored rule: its type (identifier), switch, branch and the type's fields of spec 001 section 3 (config). */
export interface AutoClosureRow {
  id: string;
  identifier: string;
  active: boolean;
  branchId: string | null;
  config: Record<string, unknown>;
}

const SELECT = `select id, identifier, active, branch_id as "branchId", config from auto_closure_rules`;

/** The SQL of the auto closure rules (spec 001 sections 2.3 and 3) and of the company custom fields they test. */
export const autoClosureRepository = {
  /** The company's rules (only the chosen branch's, when one is), oldest first. */
  list(q: Queryable, scope: Pick<Scope, 'companyId' | 'branchId'>): Promise<AutoClosureRow[]> {
    return q.query<AutoClosureRow>(
      `${SELECT} where company_id = $1 and ($2::text is null or branch_id = $2) order by created_at, id`,
      [scope.companyId, scope.branchId],
    );
  },
  /** Rule `id` of the company, or null. */
  find(q: Queryable, id: string, companyId: string): Promise<AutoClosureRow | null> {
    return q.one<AutoClosureRow>(`${SELECT} where id = $1 and company_id = $2`, [id, companyId]);
  },
  async setActive(q: Queryable, id: string, active: boolean): Promise<void> {
    await q.query('update auto_closure_rules set active = $2, updated_at = now() where id = $1', [id, active]);
  },
  /** Replaces a rule's fields (`config`, JSON text). */
  async updateConfig(q: Queryable, id: string, config: string): Promise<void> {
    await q.query('update auto_closure_rules set config = $2, updated_at = now() where id = $1', [id, config]);
  },
  async insert(q: Queryable, rule: { id: string; companyId: string; branchId: string | null; identifier: string; config: string }): Promise<void> {
    await q.query(
      'insert into auto_closure_rules (id, company_id, branch_id, identifier, config) values ($1, $2, $3, $4, $5)',
      [rule.id, rule.companyId, rule.branchId, rule.identifier, rule.config],
    );
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
