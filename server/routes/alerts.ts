import type { FastifyInstance } from 'fastify';
import { dataCalls } from '../../schemas/api/data';
import { raisesTicket } from '../../schemas/alerts';
import { notFound } from '../http/envelope';
import { expectedVersions, preconditionFailed, refusal, splitVersion, withEtag, type Expected } from '../http/etag';
import { resolveScope, type Scope } from '../repos/scope-repository';
import { route } from '../http/route';
import { dataOk } from '../http/data-envelope';
import { alertConfigRepository as alerts, type VersionedAlert } from '../repos/alert-config-repository';
import { alertBulkMessage, saveAlertRows } from '../rules/alert-bulk';
import { withTicketFlag } from '../rules/ticket-flag';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/** The scope of a data-family query as {@link resolveScope} takes it (404 for an unknown company or branch). */
export const dataScope = (q: Queryable, query: { companyId: string; branchId?: string; departmentId?: string }) =>
  resolveScope(q, { c: query.companyId, b: query.branchId, d: query.departmentId });

/**
 * Locks and reads alert `id` within reach of the scope (the company's; with a branch, that branch's or the
 * company-wide one), or 404; 412 when the caller expects another version (If-Match).
 */
async function ownAlert(q: Queryable, id: string, scope: Scope, expected: Expected): Promise<VersionedAlert> {
  const row = await alerts.lockOwn(q, id, scope);
  if (!row) throw notFound();
  if (expected && !expected.includes(row.version)) throw preconditionFailed();
  return row;
}

/**
 * Alert settings: the company's alert configs, their bulk upload, their enable switch and their ticket switch
 * (spec 001 sections 2.1 and 7). A switch flip with a stale If-Match changes nothing: 412; its answer carries the
 * config's new ETag (API.md "Lost updates").
 */
export async function alertRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, dataCalls.alerts, async ({ query }) => dataOk(await alerts.list(store, await dataScope(store, query))));

  // Each row names its own CompanyId and branchId; the scope the console also sends is not used for them.
  route(app, dataCalls.setAlerts, async ({ query, body }) => {
    const results = await saveAlertRows(store, body, query.allOrNone ?? false);
    return dataOk(results, alertBulkMessage(results));
  });

  route(app, dataCalls.toggleAlert, async (request, reply) => {
    const { query, body } = request;
    const expected = expectedVersions(request);
    const { record, version } = splitVersion(
      await store.tx(async (q) => {
        const alert = await ownAlert(q, String(body.alertId), await dataScope(q, query), expected);
        const stored = await alerts.setEnabled(q, alert.id, !alert.enabled, expected);
        if (stored === null) throw await refusal(() => alerts.version(q, alert.id));
        return { ...alert, enabled: !alert.enabled, version: stored };
      }),
    );
    withEtag(reply, version);
    return dataOk(record, `Alert ${record.enabled ? 'enabled' : 'disabled'} successfully`);
  });

  route(app, dataCalls.toggleAlertTickets, async (request, reply) => {
    const { query, body } = request;
    const expected = expectedVersions(request);
    const { record, version } = splitVersion(
      await store.tx(async (q) => {
        const alert = await ownAlert(q, String(body.alertId), await dataScope(q, query), expected);
        const extraContext = withTicketFlag(alert.extraContext, !raisesTicket(alert.extraContext));
        const stored = await alerts.setExtraContext(q, alert.id, extraContext, expected);
        if (stored === null) throw await refusal(() => alerts.version(q, alert.id));
        return { ...alert, extraContext, version: stored };
      }),
    );
    withEtag(reply, version);
    return dataOk(record, `Ticket ${raisesTicket(record.extraContext) ? 'enabled' : 'disabled'} successfully`);
  });
}
