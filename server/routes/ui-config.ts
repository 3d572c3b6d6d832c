import type { FastifyInstance } from 'fastify';
import { dataScopeQuerySchema, type DataScopeQuery } from '../../schemas/alerts';
import {
  uiConfigBodySchema, uiConfigByIdQuerySchema, uiConfigToggleSchema,
  type UiConfig, type UiConfigBody, type UiConfigByIdQuery, type UiConfigToggle,
} from '../../schemas/ui-config';
import { ApiError, notFound } from '../http/envelope';
import { newId } from '../http/ids';
import type { Scope } from '../http/scope';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';
import { dataOk, withDataEnvelope } from '../http/data-envelope';
import { dataScope } from './alerts';

/** The UI config calls of spec 001 section 7, under this path. */
const BASE = '/saas/data/onBoardingAPI';

const SELECT = `select id, id as "customerConfigId", feature_key as "featureKey", enabled, extra_context as "extraContext",
  company_id as "companyId", branch_id as "branchId" from ui_configs`;

/** Rows of the company, or only those of the chosen branch (API.md "Credentials and scope"). */
const IN_SCOPE = 'company_id = $1 and ($2::text is null or branch_id = $2)';

/** Reads (and locks) module `id` of the scope, or 404. */
async function ownConfig(q: Queryable, id: string, scope: Scope): Promise<UiConfig> {
  const row = await q.one<UiConfig>(`${SELECT} where id = $3 and ${IN_SCOPE} for update`, [scope.companyId, scope.branchId, id]);
  if (!row) throw notFound();
  return row;
}

/** 400 naming the first chosen alert that is not a known alert type. */
async function ensureAlertTypes(q: Queryable, keys: string[]) {
  const known = new Set((await q.query<{ k: string }>('select feature_key as k from alert_types where feature_key = any($1::text[])', [keys])).map((r) => r.k));
  const unknown = keys.find((k) => !known.has(k));
  if (unknown) throw new ApiError(400, [`Unknown alert ${unknown}`]);
}

/** 409 when the scope already has the module (another row than `exceptId`). */
async function ensureFree(q: Queryable, companyId: string, branchId: string | null, featureKey: string, exceptId: string | null) {
  const taken = await q.one(
    `select 1 from ui_configs where company_id = $1 and coalesce(branch_id, '') = coalesce($2, '') and feature_key = $3
       and ($4::text is null or id <> $4)`,
    [companyId, branchId, featureKey, exceptId],
  );
  if (taken) throw new ApiError(409, ['UI config already exists for this module']);
}

/** The alert-and-ticket UI config: modules per company or branch, their switch, the alert list (spec 001 sections 2.2 and 7). */
export async function uiConfigRoutes(app: FastifyInstance, { store }: AppContext) {
  await withDataEnvelope(app, async (api) => {
    api.get<{ Querystring: DataScopeQuery }>(`${BASE}/getAlertTicketUIConfig`, { schema: { querystring: dataScopeQuerySchema } }, async ({ query }) => {
      const scope = await dataScope(store, query);
      return dataOk(await store.query<UiConfig>(`${SELECT} where ${IN_SCOPE} order by created_at, id`, [scope.companyId, scope.branchId]));
    });

    api.post<{ Querystring: DataScopeQuery; Body: UiConfigToggle }>(
      `${BASE}/toggleUIConfig`,
      { schema: { querystring: dataScopeQuerySchema, body: uiConfigToggleSchema } },
      async ({ query, body }) =>
        store.tx(async (q) => {
          const config = await ownConfig(q, String(body.customerConfigId), await dataScope(q, query));
          await q.query('update ui_configs set enabled = $2 where id = $1', [config.id, !config.enabled]);
          return dataOk({ ...config, enabled: !config.enabled }, `UI config ${config.enabled ? 'disabled' : 'enabled'} successfully`);
        }),
    );

    api.get<{ Querystring: UiConfigByIdQuery }>(`${BASE}/fetchUIConfigById`, { schema: { querystring: uiConfigByIdQuerySchema } }, async ({ query }) => {
      const scope = await dataScope(store, query);
      const row = await store.one<UiConfig>(`${SELECT} where id = $3 and ${IN_SCOPE}`, [scope.companyId, scope.branchId, query.id]);
      if (!row || (query.featureKey && row.featureKey !== query.featureKey)) throw notFound();
      return dataOk(row);
    });

    api.get(`${BASE}/fetchAlertList`, async () =>
      dataOk(await store.query('select feature_key as "featureKey", name from alert_types order by sort, feature_key')),
    );

    api.post<{ Body: UiConfigBody }>(`${BASE}/updateUIConfig`, { schema: { body: uiConfigBodySchema } }, async ({ body }) =>
      store.tx(async (q) => {
        const scope = await dataScope(q, { companyId: String(body.companyId), branchId: body.branchId == null ? undefined : String(body.branchId) });
        const alerts = [...body.extracontext];
        await ensureAlertTypes(q, alerts);
        // The schema takes only enabled 1: a save always leaves the module enabled.
        const enabled = true;
        if (body.id !== undefined) {
          const current = await ownConfig(q, String(body.id), scope);
          await ensureFree(q, scope.companyId, current.branchId, body.featureKey, current.id);
          await q.query('update ui_configs set feature_key = $2, extra_context = $3, enabled = $4 where id = $1', [
            current.id, body.featureKey, JSON.stringify(alerts), enabled,
          ]);
          return dataOk(await ownConfig(q, current.id, scope), 'UI config updated successfully');
        }
        await ensureFree(q, scope.companyId, scope.branchId, body.featureKey, null);
        const id = newId('uic');
        await q.query(
          'insert into ui_configs (id, company_id, branch_id, feature_key, enabled, extra_context) values ($1, $2, $3, $4, $5, $6)',
          [id, scope.companyId, scope.branchId, body.featureKey, enabled, JSON.stringify(alerts)],
        );
        return dataOk(await ownConfig(q, id, scope), `UI config set successfully for companyIds [ ${scope.companyId} ]`);
      }),
    );
  });
}
