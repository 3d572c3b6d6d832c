import type { UiConfig } from '../../schemas/ui-config';
import type { Scope } from './scope-repository';
import type { Queryable } from '../store/store';

/** What a save stores of a UI config module: which module, the alerts it lists, its switch. */
export interface UiConfigFields {
  featureKey: string;
  alerts: string[];
  enabled: boolean;
}

const SELECT = `select id, id as "customerConfigId", feature_key as "featureKey", enabled, extra_context as "extraContext",
  company_id as "companyId", branch_id as "branchId" from ui_configs`;

/** Rows of the company, or only those of the chosen branch (API.md "Credentials and scope"). */
const IN_SCOPE = 'company_id = $1 and ($2::text is null or branch_id = $2)';

/** The SQL of the alert-and-ticket UI configs (spec 001 sections 2.2 and 3) and of the alert types they list. */
export const uiConfigRepository = {
  /** The scope's modules, oldest first. */
  list(q: Queryable, scope: Pick<Scope, 'companyId' | 'branchId'>): Promise<UiConfig[]> {
    return q.query<UiConfig>(`${SELECT} where ${IN_SCOPE} order by created_at, id`, [scope.companyId, scope.branchId]);
  },
  /** Module `id` of the scope, or null. */
  find(q: Queryable, id: string, scope: Pick<Scope, 'companyId' | 'branchId'>): Promise<UiConfig | null> {
    return q.one<UiConfig>(`${SELECT} where id = $3 and ${IN_SCOPE}`, [scope.companyId, scope.branchId, id]);
  },
  /** Module `id` of the scope, locked for the rest of the transaction, or null. */
  lock(q: Queryable, id: string, scope: Pick<Scope, 'companyId' | 'branchId'>): Promise<UiConfig | null> {
    return q.one<UiConfig>(`${SELECT} where id = $3 and ${IN_SCOPE} for update`, [scope.companyId, scope.branchId, id]);
  },
  /** Whether the scope (the company itself when `branchId` is null) has the module in another row than `exceptId`. */
  async isTaken(q: Queryable, companyId: string, branchId: string | null, featureKey: string, exceptId: string | null): Promise<boolean> {
    return !!(await q.one(
      `select 1 from ui_configs where company_id = $1 and coalesce(branch_id, '') = coalesce($2, '') and feature_key = $3
         and ($4::text is null or id <> $4)`,
      [companyId, branchId, featureKey, exceptId],
    ));
  },
  async setEnabled(q: Queryable, id: string, enabled: boolean): Promise<void> {
    await q.query('update ui_configs set enabled = $2 where id = $1', [id, enabled]);
  },
  async update(q: Queryable, id: string, fields: UiConfigFields): Promise<void> {
    await q.query('update ui_configs set feature_key = $2, extra_context = $3, enabled = $4 where id = $1', [
      id, fields.featureKey, JSON.stringify(fields.alerts), fields.enabled,
    ]);
  },
  async insert(q: Queryable, id: string, scope: Pick<Scope, 'companyId' | 'branchId'>, fields: UiConfigFields): Promise<void> {
    await q.query(
      'insert into ui_configs (id, company_id, branch_id, feature_key, enabled, extra_context) values ($1, $2, $3, $4, $5, $6)',
      [id, scope.companyId, scope.branchId, fields.featureKey, fields.enabled, JSON.stringify(fields.alerts)],
    );
  },
  /** The alert types a module can list, in their order. */
  alertList(q: Queryable) {
    return q.query<{ featureKey: string; name: string }>('select feature_key as "featureKey", name from alert_types order by sort, feature_key');
  },
  /** Which of `keys` are known alert types. */
  async knownAlertTypes(q: Queryable, keys: string[]): Promise<Set<string>> {
    const rows = await q.query<{ k: string }>('select feature_key as k from alert_types where feature_key = any($1::text[])', [keys]);
    return new Set(rows.map((r) => r.k));
  },
};
