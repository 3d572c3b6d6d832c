import type { FastifyInstance } from 'fastify';
import { settingsCalls } from '../../schemas/api/settings';
import type { Feature } from '../../schemas/feature-settings';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import type { Scope } from '../repos/scope-repository';
import { featureSettingRepository as settings } from '../repos/feature-setting-repository';
import { withSpeedParams } from '../rules/eta-engines';
import type { AppContext } from '../context';

/**
 * The per-company settings of spec 002 section 7 (API.md "Settings"): map view and trip alerts (last mile threshold)
 * feature permissions, and the ETA engine preferences.
 */
export async function featureSettingRoutes(app: FastifyInstance, { store }: AppContext) {
  const read =
    (feature: Feature) =>
    async ({ scope }: { scope: Scope }) =>
      ok(await settings.list(store, scope, feature));

  route(app, settingsCalls.mapViewGet, read('map_view'));
  route(app, settingsCalls.tripAlertsGet, read('tripAlerts'));

  route(app, settingsCalls.mapViewAdd, async ({ body, desk, scope }) => {
    await store.tx(async (q) => settings.save(q, scope, 'map_view', body.extraContext, false, desk.email));
    return ok(null);
  });

  // The record's other extraContext keys are kept (spec 002 section 3 "Last mile record").
  route(app, settingsCalls.tripAlertsAdd, async ({ body, desk, scope }) => {
    await store.tx(async (q) => settings.save(q, scope, 'tripAlerts', body.extraContext, true, desk.email));
    return ok(null);
  });

  route(app, settingsCalls.etaGet, async ({ scope }) => ok(await settings.eta(store, scope.companyId)));

  route(app, settingsCalls.etaAdd, async ({ body, desk, scope: { companyId } }) => {
    await store.tx(async (q) => {
      await settings.saveEta(
        q,
        companyId,
        withSpeedParams(await settings.engines(q, companyId), body.engineSetting),
        desk.email,
      );
    });
    return ok(null);
  });
}
