import type { EtaRecord, FeatureRecord } from '../../schemas/api/settings';
import type { Feature } from '../../schemas/feature-settings';
import type { Scope } from './scope-repository';
import type { Queryable } from '../store/store';

/** The feature-permission records of a scope, extraContext as a JSON string (the spec's server answers it so). */
const SELECT = `select company_id as "companyId", branch_id as "branchId", department_id as "departmentId",
  extra_context::text as "extraContext" from feature_settings`;
const SAME_SCOPE = `company_id = $1 and coalesce(branch_id, '') = coalesce($2, '') and coalesce(department_id, '') = coalesce($3, '')`;

/**
 * The SQL of the per-company settings (API.md "Settings"): feature permissions keyed by company, branch, department
 * and feature, and the company's ETA engine preferences.
 */
export const featureSettingRepository = {
  /** The record of exactly this scope (a list of at most one), as the read answers it. */
  list(q: Queryable, scope: Scope, feature: Feature): Promise<FeatureRecord[]> {
    return q.query<FeatureRecord>(`${SELECT} where ${SAME_SCOPE} and feature = $4`, [
      scope.companyId,
      scope.branchId,
      scope.departmentId,
      feature,
    ]);
  },
  /**
   * Stores the scope's record: `merge` keeps the stored keys the body does not name (a last mile save keeps the
   * record's other trip alert keys), else the body's extraContext replaces the stored one.
   */
  async save(
    q: Queryable,
    scope: Scope,
    feature: Feature,
    extraContext: object,
    merge: boolean,
    by: string,
  ): Promise<void> {
    await q.query(
      `insert into feature_settings (company_id, branch_id, department_id, feature, extra_context, updated_by)
         values ($1, $2, $3, $4, $5::jsonb, $6)
       on conflict (company_id, coalesce(branch_id, ''), coalesce(department_id, ''), feature) do update
         set extra_context = case when $7 then feature_settings.extra_context || excluded.extra_context else excluded.extra_context end,
             updated_by = excluded.updated_by, updated_at = now()`,
      [scope.companyId, scope.branchId, scope.departmentId, feature, JSON.stringify(extraContext), by, merge],
    );
  },
  /** The company's ETA preferences (a list of at most one), engineSetting as a JSON string. */
  eta(q: Queryable, companyId: string): Promise<EtaRecord[]> {
    return q.query<EtaRecord>(
      `select company_id as "companyId", engine_setting::text as "engineSetting" from eta_preferences where company_id = $1`,
      [companyId],
    );
  },
  /** The company's stored engines (for update in place), or null. Locks the row for the transaction. */
  async engines(q: Queryable, companyId: string): Promise<Record<string, unknown> | null> {
    const row = await q.one<{ setting: Record<string, unknown> }>(
      'select engine_setting as setting from eta_preferences where company_id = $1 for update',
      [companyId],
    );
    return row?.setting ?? null;
  },
  async saveEta(q: Queryable, companyId: string, setting: object, by: string): Promise<void> {
    await q.query(
      `insert into eta_preferences (company_id, engine_setting, updated_by) values ($1, $2::jsonb, $3)
       on conflict (company_id) do update set engine_setting = excluded.engine_setting, updated_by = excluded.updated_by, updated_at = now()`,
      [companyId, JSON.stringify(setting), by],
    );
  },
};
