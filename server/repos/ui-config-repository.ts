import type { UiConfig } from '../../schemas/ui-config';
import type { Scope } from './scope-repository';
import type { Queryable } from '../store/store';
import type { Expected } from '../http/etag';

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

/** Where a write may touch module `$1`: always, or only while it has one of the versions in `$2` (If-Match). */
const AT_VERSION = 'id = $1 and ($2::int[] is null or version = any($2::int[]))';

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
    return q.one<VersionedUiConfig>(`${SELECT_VERSIONED} where id = $3 and ${IN_SCOPE}`, [scope.companyId, scope.branchId, id]);
  },
  /** Module `id` of the scope with its version, locked for the rest of the transaction, or null. */
  lock(q: Queryable, id: string, scope: Pick<Scope, 'companyId' | 'branchId'>): Promise<VersionedUiConfig | null> {
    return q.one<VersionedUiConfig>(`${SELECT_VERSIONED} where id = $3 and ${IN_SCOPE} for update`, [scope.companyId, scope.branchId, id]);
  },
  /** The row version of module `id`, or null when there is none. */
  async version(q: Queryable, id: string): Promise<number | null> {
    return (await q.one<{ version: number }>('select version from ui_configs where id = $1', [id]))?.version ?? null;
  },
  /** Whether the scope (the company itself when `branchId` is null) has the module in another row than `exceptId`. */
  async isTaken(q: Queryable, companyId: string, branchId: string | null, featureKey: string, exceptId: string | null): Promise<boolean> {
    return !!(await q.one(
      `select 1 from ui_configs where company_id = $1 and coalesce(branch_id, '') = coalesce($2, '') and feature_key = $3
         and ($4::text is null or id <> $4)`,
      [companyId, branchId, featureKey, exceptId],
    ));
  },
  /** Sets a module's switch while it has an `expected` version; its new version, or null when no row qualified. */
  async setEnabled(q: Queryable, id: string, enabled: boolean, expected: Expected): Promise<number | null> {
    const row = await q.one<{ version: number }>(
      `update ui_configs set enabled = $3, version = version + 1 where ${AT_VERSION} returning version`,
      [id, expected, enabled],
    );
    return row?.version ?? null;
  },
  /** Replaces a module's fields while it has an `expected` version; its new version, or null when no row qualified. */
  async update(q: Queryable, id: string, fields: UiConfigFields, expected: Expected): Promise<number | null> {
    const row = await q.one<{ version: number }>(
      `update ui_configs set feature_key = $3, extra_context = $4, enabled = $5, version = version + 1 where ${AT_VERSION}
       returning version`,
      [id, expected, fields.featureKey, JSON.stringify(fields.alerts), fields.enabled],
    );
    return row?.version ?? null;
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
