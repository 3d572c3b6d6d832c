import type { FastifyInstance } from 'fastify';
import { dataCalls } from '../../schemas/api/data';
import { ApiError, notFound } from '../http/envelope';
import { newId } from '../http/ids';
import { ensureVersion, type Expected } from '../repos/versioned';
import type { Scope } from '../repos/scope-repository';
import { route } from '../http/route';
import { dataOk } from '../http/data-envelope';
import { uiConfigRepository as configs, type VersionedUiConfig } from '../repos/ui-config-repository';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/**
 * Reads (and locks) module `id` of the scope, or 404; 412 when the caller expects another version (If-Match), so a
 * stale save is told so before any other conflict.
 */
async function ownConfig(
  q: Queryable,
  id: string,
  scope: Scope,
  expected: Expected = null,
): Promise<VersionedUiConfig> {
  const row = await configs.lock(q, id, scope);
  if (!row) throw notFound();
  return ensureVersion(row, expected);
}

/** 400 naming the first chosen alert that is not a known alert type. */
async function ensureAlertTypes(q: Queryable, keys: string[]) {
  const known = await configs.knownAlertTypes(q, keys);
  const unknown = keys.find((k) => !known.has(k));
  if (unknown) throw new ApiError(400, [`Unknown alert ${unknown}`]);
}

/** 409 when the scope already has the module (another row than `exceptId`). */
async function ensureFree(
  q: Queryable,
  companyId: string,
  branchId: string | null,
  featureKey: string,
  exceptId: string | null,
) {
  if (await configs.isTaken(q, companyId, branchId, featureKey, exceptId))
    throw new ApiError(409, ['UI config already exists for this module']);
}

/** The alert-and-ticket UI config: modules per company or branch, their switch, the alert list (spec 001 sections 2.2 and 7). */
export async function uiConfigRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, dataCalls.uiConfigs, async ({ scope }) => dataOk(await configs.list(store, scope)));

  // Reads answer the module's ETag; a flip or a save with a stale If-Match changes nothing: 412 (API.md "Lost updates").
  route(app, dataCalls.toggleUiConfig, async ({ scope, body, expected }) => {
    const record = await store.tx(async (q) => {
      const config = await ownConfig(q, String(body.customerConfigId), scope, expected);
      const stored = await configs.setEnabled(q, config.id, !config.enabled, expected);
      return { ...config, enabled: !config.enabled, version: stored };
    });
    return dataOk(record, `UI config ${record.enabled ? 'enabled' : 'disabled'} successfully`);
  });

  route(app, dataCalls.uiConfigById, async ({ query, scope }) => {
    const row = await configs.find(store, query.id, scope);
    if (!row || (query.featureKey && row.featureKey !== query.featureKey)) throw notFound();
    return dataOk(row);
  });

  route(app, dataCalls.alertList, async () => dataOk(await configs.alertList(store)));

  route(app, dataCalls.updateUiConfig, async (request) => {
    const { body, scope } = request;
    const expected = body.id !== undefined ? request.expected : null;
    const saved = await store.tx(async (q) => {
      const alerts = [...body.extracontext];
      await ensureAlertTypes(q, alerts);
      // The schema takes only enabled 1: a save always leaves the module enabled.
      const fields = { featureKey: body.featureKey, alerts, enabled: true };
      if (body.id !== undefined) {
        const current = await ownConfig(q, String(body.id), scope, expected);
        await ensureFree(q, scope.companyId, current.branchId, body.featureKey, current.id);
        await configs.update(q, current.id, fields, expected);
        return { record: await ownConfig(q, current.id, scope), message: 'UI config updated successfully' };
      }
      await ensureFree(q, scope.companyId, scope.branchId, body.featureKey, null);
      const id = newId('uic');
      await configs.insert(q, id, scope, fields);
      return {
        record: await ownConfig(q, id, scope),
        message: `UI config set successfully for companyIds [ ${scope.companyId} ]`,
      };
    });
    return dataOk(saved.record, saved.message);
  });
}
