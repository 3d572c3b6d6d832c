import type { AlertConfig } from '../../schemas/alerts';
import type { Scope } from './scope-repository';
import type { Queryable } from '../store/store';

/** An alert config as the calls answer it: the shared shape plus its branch (null = the whole company). */
export type ScopedAlert = AlertConfig & { branchId: string | null };

/** A new config as a bulk row stores it (always enabled); branchId null = the whole company. */
export interface NewAlertConfig {
  id: string;
  companyId: string;
  branchId: string | null;
  featureKey: string;
  extraContext: string;
}

const SELECT = `select id, feature_key as "featureKey", enabled, extra_context as "extraContext", branch_id as "branchId"
  from alert_configs`;

/** What storing a new config came to (see {@link alertConfigRepository.insertMany}). */
export interface AlertInsert {
  companyFound: boolean;
  branchFound: boolean;
  saved: boolean;
}

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
  /**
   * Stores new configs in one statement and answers each, in order: whether its company and branch (of that
   * company) exist, and whether it was saved. A config whose scope already holds the alert, stored before or by a
   * request meanwhile, is not saved (the unique index decides, so concurrent uploads cannot both save it). Configs
   * of one call must name distinct scopes and alerts.
   */
  insertMany(q: Queryable, configs: NewAlertConfig[]): Promise<AlertInsert[]> {
    return q.query<AlertInsert>(
      `with input as (
         select * from jsonb_to_recordset($1::jsonb)
           as r(i integer, id text, "companyId" text, "branchId" text, "featureKey" text, "extraContext" text)
       ), checked as (
         select r.*, exists (select 1 from companies c where c.id = r."companyId") as "companyFound",
                r."branchId" is null
                  or exists (select 1 from branches b where b.id = r."branchId" and b.company_id = r."companyId") as "branchFound"
           from input r
       ), inserted as (
         insert into alert_configs (id, company_id, branch_id, feature_key, enabled, extra_context)
         select id, "companyId", "branchId", "featureKey", true, "extraContext" from checked where "companyFound" and "branchFound"
         on conflict do nothing
         returning id
       )
       select c."companyFound", c."branchFound", exists (select 1 from inserted n where n.id = c.id) as saved
         from checked c order by c.i`,
      [JSON.stringify(configs.map((config, i) => ({ i, ...config })))],
    );
  },
};
