import { etaPreferences } from '../resources/eta-preferences';
import { featureSettings } from '../resources/feature-settings';
import { callsOf } from './resources';

/**
 * The settings service (spec 002 section 7 "Entity, settings, batches"; answers `{success, data, message[]}`): the
 * feature permissions (map view, the last mile threshold) and the ETA engine preferences, each a setting built from its
 * declaration (schemas/resources/feature-settings.ts, eta-preferences.ts).
 */
const features = callsOf(featureSettings);
const eta = callsOf(etaPreferences);

/** A feature permission (`:feature` is map_view or tripAlerts) and the ETA preferences, read and saved. */
export const settingsCalls = {
  featureGet: features.read,
  featureAdd: features.put,
  etaGet: eta.read,
  etaAdd: eta.put,
};
