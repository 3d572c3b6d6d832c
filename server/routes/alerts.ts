import type { FastifyInstance } from 'fastify';
import { dataCalls } from '../../schemas/api/data';
import { raisesTicket } from '../../schemas/alerts';
import { notFound } from '../http/envelope';
import { ensureVersion, type Expected } from '../repos/versioned';
import type { Scope } from '../repos/scope-repository';
import { route } from '../http/route';
import { dataOk } from '../http/data-envelope';
import { alertConfigRepository as alerts, type VersionedAlert } from '../repos/alert-config-repository';
import { alertBulkMessage, saveAlertRows } from '../rules/alert-bulk';
import { withTicketFlag } from '../rules/ticket-flag';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/**
 * Locks and reads alert `id` within reach of the scope (the company's; with a branch, that branch's or the
 * company-wide one), or 404; 412 when the caller expects another version (If-Match).
 */
async function ownAlert(q: Queryable, id: string, scope: Scope, expected: Expected): Promise<VersionedAlert> {
  const row = await alerts.lockOwn(q, id, scope);
  if (!row) throw notFound();
  return ensureVersion(row, expected);
}

/**
 * Alert settings' own calls (spec 001 sections 2.1 and 7): the bulk upload and the ticket switch (a flag inside the
 * settings). The list and the enable switch are the declared resource's (schemas/resources/alerts.ts). A ticket flip
 * with a stale If-Match changes nothing: 412; its answer carries the config's new ETag (API.md "Lost updates").
 */
export async function alertRoutes(app: FastifyInstance, { store }: AppContext) {
  // The alerts a UI config module can list (the modules are a declared resource: schemas/resources/ui-configs.ts).
  route(app, dataCalls.alertList, async () => dataOk(await alerts.alertTypes(store)));

  // Each row names its own CompanyId and branchId; the scope the console also sends is not used for them.
  route(app, dataCalls.setAlerts, async ({ query, body }) => {
    const results = await saveAlertRows(store, body, query.allOrNone ?? false);
    return dataOk(results, alertBulkMessage(results));
  });

  route(app, dataCalls.toggleAlertTickets, async ({ scope, body, expected }) => {
    const record = await store.tx(async (q) => {
      const alert = await ownAlert(q, String(body.alertId), scope, expected);
      const extraContext = withTicketFlag(alert.extraContext, !raisesTicket(alert.extraContext));
      const stored = await alerts.setExtraContext(q, alert.id, extraContext, expected);
      return { ...alert, extraContext, version: stored };
    });
    return dataOk(record, `Ticket ${raisesTicket(record.extraContext) ? 'enabled' : 'disabled'} successfully`);
  });
}
