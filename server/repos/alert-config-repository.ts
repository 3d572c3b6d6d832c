import type { AlertConfig } from '../../schemas/alerts';
import type { AlertType } from '../../schemas/api/data';
import type { StoredAlertConfig } from '../rules/trip-alerts';
import { reachFilter, type Scope } from './scope-repository';
import type { Queryable } from '../store/store';
import { versionedTable, type Expected } from './versioned';

/** An alert config read with its row version (the ETag; not part of the answer's body). */
export type VersionedAlert = AlertConfig & { version: number };

/** A new config as a bulk row stores it (always enabled); branchId null = the whole company. */
export interface NewAlertConfig {
  id: string;
  companyId: string;
  branchId: string | null;
  featureKey: string;
  extraContext: string;
}

/** An alert config as the calls answer it (branch null: the whole company's). */
const COLUMNS = 'id, feature_key as "featureKey", enabled, extra_context as "extraContext", branch_id as "branchId"';
const SELECT = `select ${COLUMNS} from alert_configs`;

/** The configs' versioned writes (If-Match). */
const versioned = versionedTable('alert_configs');

/** What storing a new config came to (see {@link alertConfigRepository.insertMany}). */
export interface AlertInsert {
  companyFound: boolean;
  branchFound: boolean;
  saved: boolean;
}

/** The SQL of the alert configs (spec 001 section 3) and of the company and branch a bulk row names. */
export const alertConfigRepository = {
  /** The company's configs; with a branch, its own and the company-wide ones (branch_id null), which apply to it too. */
  list(q: Queryable, scope: Pick<Scope, 'companyId' | 'branchId'>): Promise<AlertConfig[]> {
    return q.query<AlertConfig>(
      `${SELECT} where company_id = $1 and ($2::text is null or branch_id is null or branch_id = $2)
        order by feature_key, branch_id nulls first, id`,
      [scope.companyId, scope.branchId],
    );
  },
  /**
   * The configuration a trip of `branchId` is computed with as it is now: the company-wide configs, each replaced by
   * the branch's own of the same alert (the replay 'with Updated config' and the alert impact preview alike).
   */
  async current(q: Queryable, companyId: string, branchId: string | null): Promise<StoredAlertConfig[]> {
    const rows = await q.query<StoredAlertConfig>(
      `select feature_key as "featureKey", enabled, extra_context as "extraContext"
         from alert_configs where company_id = $1 and (branch_id is null or branch_id = $2)
        order by (branch_id is null) desc, id`,
      [companyId, branchId],
    );
    return [...new Map(rows.map((row) => [row.featureKey, row])).values()];
  },
  /**
   * Locks and reads config `id` with its version when it is within reach of the scope (the company's and, with a
   * branch, that branch's or the company-wide one), or null: ids of another company or branch are not found.
   */
  lockOwn(q: Queryable, id: string, scope: Pick<Scope, 'companyId' | 'branchId'>): Promise<VersionedAlert | null> {
    const reach = reachFilter(scope, 2, { branch: 'branch_id' });
    return q.one<VersionedAlert>(
      `select ${COLUMNS}, version from alert_configs where id = $1 and ${reach.sql} for update`,
      [id, ...reach.params],
    );
  },
  /** Sets a config's switch while it has an `expected` version; its new version (or the refusal thrown). */
  async setEnabled(q: Queryable, id: string, enabled: boolean, expected: Expected): Promise<number> {
    return (await versioned.update(q, { key: id, expected, set: 'enabled = $3', values: [enabled] })).version;
  },
  /** Replaces a config's extra context while it has an `expected` version; its new version (or the refusal thrown). */
  async setExtraContext(q: Queryable, id: string, extraContext: string, expected: Expected): Promise<number> {
    return (await versioned.update(q, { key: id, expected, set: 'extra_context = $3', values: [extraContext] }))
      .version;
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
  /** The alert types (the alerts a UI config module can list), in their order. */
  alertTypes(q: Queryable): Promise<AlertType[]> {
    return q.query<AlertType>('select feature_key as "featureKey", name from alert_types order by sort, feature_key');
  },
  /** Which of `keys` are known alert types. */
  async knownAlertTypes(q: Queryable, keys: readonly string[]): Promise<Set<string>> {
    const rows = await q.query<{ k: string }>(
      'select feature_key as k from alert_types where feature_key = any($1::text[])',
      [keys],
    );
    return new Set(rows.map((r) => r.k));
  },
};
