import type { UiConfig } from '../../schemas/ui-config';
import type { AlertType } from '../../schemas/api/data';
import type { Scope } from './scope-repository';
import type { Queryable } from '../store/store';
import { versionedTable, type Expected } from './versioned';

/** What a save stores of a UI config module: which module, the alerts it lists, its switch. */
export interface UiConfigFields {
  featureKey: string;
  alerts: string[];
  enabled: boolean;
}

/** A module as the API answers it. */
const COLUMNS = `id, id as "customerConfigId", feature_key as "featureKey", enabled, extra_context as "extraContext",
  company_id as "companyId", branch_id as "branchId"`;
const SELECT = `select ${COLUMNS} from ui_configs`;
/** A module with its row version (the ETag; not part of the answer's body). */
const SELECT_VERSIONED = `select ${COLUMNS}, version from ui_configs`;

/** A module read with its row version. */
export type VersionedUiConfig = UiConfig & { version: number };

/** The modules' versioned writes (If-Match). */
const versioned = versionedTable('ui_configs');

/** Rows of the company, or only those of the chosen branch (API.md "Credentials and scope"). */
const IN_SCOPE = 'company_id = $1 and ($2::text is null or branch_id = $2)';

/** The SQL of the alert-and-ticket UI configs (spec 001 sections 2.2 and 3) and of the alert types they list. */
export const uiConfigRepository = {
  /** The scope's modules, oldest first. */
  list(q: Queryable, scope: Pick<Scope, 'companyId' | 'branchId'>): Promise<UiConfig[]> {
    return q.query<UiConfig>(`${SELECT} where ${IN_SCOPE} order by created_at, id`, [scope.companyId, scope.branchId]);
  },
  /** Module `id` of the scope with its version, or null. */
  find(q: Queryable, id: string, scope: Pick<Scope, 'companyId' | 'branchId'>): Promise<VersionedUiConfig | null> {
    return q.one<VersionedUiConfig>(`${SELECT_VERSIONED} where id = $3 and ${IN_SCOPE}`, [
      scope.companyId,
      scope.branchId,
      id,
    ]);
  },
  /** Module `id` of the scope with its version, locked for the rest of the transaction, or null. */
  lock(q: Queryable, id: string, scope: Pick<Scope, 'companyId' | 'branchId'>): Promise<VersionedUiConfig | null> {
    return q.one<VersionedUiConfig>(`${SELECT_VERSIONED} where id = $3 and ${IN_SCOPE} for update`, [
      scope.companyId,
      scope.branchId,
      id,
    ]);
  },
  /** Whether the scope (the company itself when `branchId` is null) has the module in another row than `exceptId`. */
  async isTaken(
    q: Queryable,
    companyId: string,
    branchId: string | null,
    featureKey: string,
    exceptId: string | null,
  ): Promise<boolean> {
    return !!(await q.one(
      `select 1 from ui_configs where company_id = $1 and coalesce(branch_id, '') = coalesce($2, '') and feature_key = $3
         and ($4::text is null or id <> $4)`,
      [companyId, branchId, featureKey, exceptId],
    ));
  },
  /** Sets a module's switch while it has an `expected` version; its new version (or the refusal thrown). */
  async setEnabled(q: Queryable, id: string, enabled: boolean, expected: Expected): Promise<number> {
    return (await versioned.update(q, { key: id, expected, set: 'enabled = $3', values: [enabled] })).version;
  },
  /** Replaces a module's fields while it has an `expected` version; its new version (or the refusal thrown). */
  async update(q: Queryable, id: string, fields: UiConfigFields, expected: Expected): Promise<number> {
    const set = 'feature_key = $3, extra_context = $4, enabled = $5';
    const values = [fields.featureKey, JSON.stringify(fields.alerts), fields.enabled];
    return (await versioned.update(q, { key: id, expected, set, values })).version;
  },
  async insert(
    q: Queryable,
    id: string,
    scope: Pick<Scope, 'companyId' | 'branchId'>,
    fields: UiConfigFields,
  ): Promise<void> {
    await q.query(
      'insert into ui_configs (id, company_id, branch_id, feature_key, enabled, extra_context) values ($1, $2, $3, $4, $5, $6)',
      [id, scope.companyId, scope.branchId, fields.featureKey, fields.enabled, JSON.stringify(fields.alerts)],
    );
  },
  /** The alert types a module can list, in their order. */
  alertList(q: Queryable): Promise<AlertType[]> {
    return q.query<AlertType>('select feature_key as "featureKey", name from alert_types order by sort, feature_key');
  },
  /** Which of `keys` are known alert types. */
  async knownAlertTypes(q: Queryable, keys: string[]): Promise<Set<string>> {
    const rows = await q.query<{ k: string }>(
      'select feature_key as k from alert_types where feature_key = any($1::text[])',
      [keys],
    );
    return new Set(rows.map((r) => r.k));
  },
};
