import type { AlertConfig } from '../../schemas/alerts';
import type { Scope } from './scope-repository';
import type { Queryable } from '../store/store';

/** An alert config as the calls answer it: the shared shape plus its branch (null = the whole company). */
export type ScopedAlert = AlertConfig & { branchId: string | null };

/** A new config as a bulk row stores it (always enabled). */
export interface NewAlertConfig {
  id: string;
  companyId: string;
  branchId: string | null;
  featureKey: string;
  extraContext: string;
}

const SELECT = `select id, feature_key as "featureKey", enabled, extra_context as "extraContext", branch_id as "branchId"
  from alert_configs`;

/** The SQL of the alert configs (spec 001 section 3) and of the company and branch a bulk row names. */
export const alertConfigRepository = {
  /** The company's configs; with a branch, its own and the company-wide ones (branch_id null), which apply to it too. */
  list(q: Queryable, scope: Pick<Scope, 'companyId' | 'branchId'>): Promise<ScopedAlert[]> {
    return q.query<ScopedAlert>(
      `${SELECT} where company_id = $1 and ($2::text is null or branch_id is null or branch_id = $2)
        order by feature_key, branch_id nulls first, id`,
      [scope.companyId, scope.branchId],
    );
  },
  /** Locks and reads config `id` of the company, or null (ids of another company are not found). */
  lockOwn(q: Queryable, id: string, companyId: string): Promise<ScopedAlert | null> {
    return q.one<ScopedAlert>(`${SELECT} where id = $1 and company_id = $2 for update`, [id, companyId]);
  },
  async setEnabled(q: Queryable, id: string, enabled: boolean): Promise<void> {
    await q.query('update alert_configs set enabled = $2 where id = $1', [id, enabled]);
  },
  async setExtraContext(q: Queryable, id: string, extraContext: string): Promise<void> {
    await q.query('update alert_configs set extra_context = $2 where id = $1', [id, extraContext]);
  },
  async hasCompany(q: Queryable, companyId: string): Promise<boolean> {
    return !!(await q.one('select 1 from companies where id = $1', [companyId]));
  },
  async hasBranch(q: Queryable, companyId: string, branchId: string): Promise<boolean> {
    return !!(await q.one('select 1 from branches where id = $1 and company_id = $2', [branchId, companyId]));
  },
  /** Whether the scope (the company itself when `branchId` is null) already has a config of this alert. */
  async isTaken(q: Queryable, companyId: string, branchId: string | null, featureKey: string): Promise<boolean> {
    return !!(await q.one(
      `select 1 from alert_configs where company_id = $1 and coalesce(branch_id, '') = coalesce($2, '') and feature_key = $3`,
      [companyId, branchId, featureKey],
    ));
  },
  async insert(q: Queryable, config: NewAlertConfig): Promise<void> {
    await q.query(
      `insert into alert_configs (id, company_id, branch_id, feature_key, enabled, extra_context) values ($1, $2, $3, $4, true, $5)`,
      [config.id, config.companyId, config.branchId, config.featureKey, config.extraContext],
    );
  },
};
