import type { FastifyInstance } from 'fastify';
import { settingsCalls } from '../../schemas/api/settings';
import type { Feature } from '../../schemas/feature-settings';
import { ok } from '../http/envelope';
import { idText } from '../http/data-envelope';
import { route } from '../http/route';
import { resolveScope } from '../repos/scope-repository';
import { featureSettingRepository as settings } from '../repos/feature-setting-repository';
import { withSpeedParams } from '../rules/eta-engines';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/** The scope a settings call names (ids as text or numbers): the company, branch and department must exist and belong together, else 404. */
const scopeOf = (q: Queryable, ids: { companyId?: unknown; branchId?: unknown; departmentId?: unknown }) =>
  resolveScope(q, { c: idText(ids.companyId) ?? '', b: idText(ids.branchId) ?? undefined, d: idText(ids.departmentId) ?? undefined });

/**
 * The per-company settings of spec 002 section 7 (API.md "Settings"): map view and trip alerts (last mile threshold)
 * feature permissions, and the ETA engine preferences.
 */
export async function featureSettingRoutes(app: FastifyInstance, { store }: AppContext) {
  const read = (feature: Feature) => async ({ query }: { query: { companyId: string; branchId?: string; departmentId?: string } }) =>
    ok(await settings.list(store, await scopeOf(store, query), feature));

  route(app, settingsCalls.mapViewGet, read('map_view'));
  route(app, settingsCalls.tripAlertsGet, read('tripAlerts'));

  route(app, settingsCalls.mapViewAdd, async ({ body, desk }) => {
    await store.tx(async (q) => settings.save(q, await scopeOf(q, body), 'map_view', body.extraContext, false, desk.email));
    return ok(null);
  });

  // The record's other extraContext keys are kept (spec 002 section 3 "Last mile record").
  route(app, settingsCalls.tripAlertsAdd, async ({ body, desk }) => {
    await store.tx(async (q) => settings.save(q, await scopeOf(q, body), 'tripAlerts', body.extraContext, true, desk.email));
    return ok(null);
  });

  route(app, settingsCalls.etaGet, async ({ query }) => {
    const scope = await scopeOf(store, query);
    return ok(await settings.eta(store, scope.companyId));
  });

  route(app, settingsCalls.etaAdd, async ({ body, desk }) => {
    await store.tx(async (q) => {
      const { companyId } = await scopeOf(q, body);
      await settings.saveEta(q, companyId, withSpeedParams(await settings.engines(q, companyId), body.engineSetting), desk.email);
    });
    return ok(null);
  });
}
