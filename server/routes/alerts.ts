import type { FastifyInstance } from 'fastify';
import { alertToggleSchema, dataScopeQuerySchema, raisesTicket, type AlertConfig, type AlertToggle, type DataScopeQuery } from '../../schemas/alerts';
import { notFound } from '../http/envelope';
import { resolveScope } from '../http/scope';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';
import { dataOk, withDataEnvelope } from '../http/data-envelope';
import { alertBulkBodySchema, alertBulkQuerySchema, type AlertBulkQuery } from '../../schemas/alert-bulk';
import { alertBulkMessage, saveAlertRows } from './alert-bulk';

/** The alert settings calls of spec 001 section 7, under this path. */
const BASE = '/saas/data/automation';

const SELECT = `select id, feature_key as "featureKey", enabled, extra_context as "extraContext", branch_id as "branchId"
  from alert_configs`;

/** An alert config as the calls answer it: the shared shape plus its branch (null = the whole company). */
type ScopedAlert = AlertConfig & { branchId: string | null };

/** A bulk upload of 600 rows with long e-mail lists is larger than Fastify's default 1 MB. */
const BULK_BODY_LIMIT = 8 * 1024 * 1024;

/** The scope of a data-family query as {@link resolveScope} takes it (404 for an unknown company or branch). */
export const dataScope = (q: Queryable, query: { companyId: string; branchId?: string; departmentId?: string }) =>
  resolveScope(q, { c: query.companyId, b: query.branchId, d: query.departmentId });

/** Locks and reads alert `id` of the company, or 404 (ids of another company are not found). */
async function ownAlert(q: Queryable, id: string, companyId: string): Promise<ScopedAlert> {
  const row = await q.one<ScopedAlert>(`${SELECT} where id = $1 and company_id = $2 for update`, [id, companyId]);
  if (!row) throw notFound();
  return row;
}

/** extraContext with the ticket flag of its first element set to `raise`; anything unreadable becomes one element. */
export function withTicketFlag(extraContext: string, raise: boolean): string {
  let list: unknown;
  try {
    list = JSON.parse(extraContext);
  } catch {
    list = [];
  }
  const items = Array.isArray(list) ? [...list] : [];
  const first = items[0] && typeof items[0] === 'object' && !Array.isArray(items[0]) ? (items[0] as Record<string, unknown>) : {};
  const ticketing = first.ticketing && typeof first.ticketing === 'object' ? (first.ticketing as Record<string, unknown>) : {};
  items[0] = { ...first, ticketing: { ...ticketing, raise_ticket: raise } };
  return JSON.stringify(items);
}

/**
 * Alert settings: the company's alert configs, their bulk upload, their enable switch and their ticket switch
 * (spec 001 sections 2.1 and 7).
 */
export async function alertRoutes(app: FastifyInstance, { store }: AppContext) {
  await withDataEnvelope(app, async (api) => {
    api.get<{ Querystring: DataScopeQuery }>(`${BASE}/getAlerts`, { schema: { querystring: dataScopeQuerySchema } }, async ({ query }) => {
      const scope = await dataScope(store, query);
      // A chosen branch sees its own configs and the company-wide ones (branch_id null), which apply to it too.
      return dataOk(
        await store.query<ScopedAlert>(
          `${SELECT} where company_id = $1 and ($2::text is null or branch_id is null or branch_id = $2)
            order by feature_key, branch_id nulls first, id`,
          [scope.companyId, scope.branchId],
        ),
      );
    });

    // Each row names its own CompanyId and branchId; the scope the console also sends is not used for them.
    api.post<{ Querystring: AlertBulkQuery; Body: unknown[] }>(
      `${BASE}/setAlerts`,
      { schema: { querystring: alertBulkQuerySchema, body: alertBulkBodySchema }, bodyLimit: BULK_BODY_LIMIT },
      async ({ query, body }) => {
        const results = await saveAlertRows(store, body, query.allOrNone ?? false);
        return dataOk(results, alertBulkMessage(results));
      },
    );

    api.post<{ Querystring: DataScopeQuery; Body: AlertToggle }>(
      `${BASE}/toggleAlert`,
      { schema: { querystring: dataScopeQuerySchema, body: alertToggleSchema } },
      async ({ query, body }) =>
        store.tx(async (q) => {
          const scope = await dataScope(q, query);
          const alert = await ownAlert(q, String(body.alertId), scope.companyId);
          await q.query('update alert_configs set enabled = $2 where id = $1', [alert.id, !alert.enabled]);
          return dataOk({ ...alert, enabled: !alert.enabled }, `Alert ${alert.enabled ? 'disabled' : 'enabled'} successfully`);
        }),
    );

    api.post<{ Querystring: DataScopeQuery; Body: AlertToggle }>(
      `${BASE}/toggleAlertTickets`,
      { schema: { querystring: dataScopeQuerySchema, body: alertToggleSchema } },
      async ({ query, body }) =>
        store.tx(async (q) => {
          const scope = await dataScope(q, query);
          const alert = await ownAlert(q, String(body.alertId), scope.companyId);
          const raise = !raisesTicket(alert.extraContext);
          const extraContext = withTicketFlag(alert.extraContext, raise);
          await q.query('update alert_configs set extra_context = $2 where id = $1', [alert.id, extraContext]);
          return dataOk({ ...alert, extraContext }, `Ticket ${raise ? 'enabled' : 'disabled'} successfully`);
        }),
    );
  });
}
