import type { FastifyInstance } from 'fastify';
import { dataCalls } from '../../schemas/api/data';
import { raisesTicket } from '../../schemas/alerts';
import { notFound } from '../http/envelope';
import { resolveScope } from '../repos/scope-repository';
import { route } from '../http/route';
import { dataOk } from '../http/data-envelope';
import { alertConfigRepository as alerts, type ScopedAlert } from '../repos/alert-config-repository';
import { alertBulkMessage, saveAlertRows } from '../rules/alert-bulk';
import { withTicketFlag } from '../rules/ticket-flag';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/** The scope of a data-family query as {@link resolveScope} takes it (404 for an unknown company or branch). */
export const dataScope = (q: Queryable, query: { companyId: string; branchId?: string; departmentId?: string }) =>
  resolveScope(q, { c: query.companyId, b: query.branchId, d: query.departmentId });

/** Locks and reads alert `id` of the company, or 404 (ids of another company are not found). */
async function ownAlert(q: Queryable, id: string, companyId: string): Promise<ScopedAlert> {
  const row = await alerts.lockOwn(q, id, companyId);
  if (!row) throw notFound();
  return row;
}

/**
 * Alert settings: the company's alert configs, their bulk upload, their enable switch and their ticket switch
 * (spec 001 sections 2.1 and 7).
 */
export async function alertRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, dataCalls.alerts, async ({ query }) => dataOk(await alerts.list(store, await dataScope(store, query))));

  // Each row names its own CompanyId and branchId; the scope the console also sends is not used for them.
  route(app, dataCalls.setAlerts, async ({ query, body }) => {
    const results = await saveAlertRows(store, body, query.allOrNone ?? false);
    return dataOk(results, alertBulkMessage(results));
  });

  route(app, dataCalls.toggleAlert, async ({ query, body }) =>
    store.tx(async (q) => {
      const scope = await dataScope(q, query);
      const alert = await ownAlert(q, String(body.alertId), scope.companyId);
      await alerts.setEnabled(q, alert.id, !alert.enabled);
      return dataOk({ ...alert, enabled: !alert.enabled }, `Alert ${alert.enabled ? 'disabled' : 'enabled'} successfully`);
    }),
  );

  route(app, dataCalls.toggleAlertTickets, async ({ query, body }) =>
    store.tx(async (q) => {
      const scope = await dataScope(q, query);
      const alert = await ownAlert(q, String(body.alertId), scope.companyId);
      const raise = !raisesTicket(alert.extraContext);
      const extraContext = withTicketFlag(alert.extraContext, raise);
      await alerts.setExtraContext(q, alert.id, extraContext);
      return dataOk({ ...alert, extraContext }, `Ticket ${raise ? 'enabled' : 'disabled'} successfully`);
    }),
  );
}
