import type { FromSchema } from 'json-schema-to-ts';
import type { impactTripAlertsAnswer } from '../../schemas/api/alert-impact';
import { ApiError } from '../http/envelope';
import { proposedConfig } from '../rules/alert-impact';
import type { StoredAlertConfig } from '../rules/trip-alerts';
import type { Store } from '../store/store';
import { cpuPool } from '../workers/cpu-pool';
import { alertConfigRepository } from './alert-config-repository';
import { tripRepository } from './trip-repository';

const notFound = () => new ApiError(404, ['Not found']);

/**
 * One trip of a preview, for its replay with both sets marked: the trip's alerts computed from its pings with the
 * configuration as it is (the company's, with its branch's in place) and as the preview's would make it, in the
 * worker pool. The trip must be of the preview's company (and branch). Nothing is stored.
 */
export async function impactTrip(
  store: Store,
  id: string,
  tripId: string,
): Promise<FromSchema<typeof impactTripAlertsAnswer>> {
  const run = await store.one<{ companyId: string; branchId: string | null; proposed: StoredAlertConfig[] }>(
    `select company_id as "companyId", branch_id as "branchId", proposed from alert_impact_runs where id = $1`,
    [id],
  );
  if (!run) throw notFound();
  const trip = await tripRepository.byId(store, tripId);
  if (!trip || trip.companyId !== run.companyId || (run.branchId !== null && trip.branchId !== run.branchId))
    throw notFound();
  const stored = await alertConfigRepository.current(store, trip.companyId, trip.branchId);
  const pings = await tripRepository.pingsJson(store, trip.id);
  const plan = { path: trip.path, startedAt: trip.startedAt, sttMinutes: trip.stt, until: trip.closedAt ?? Date.now() };
  const [before, after] = await Promise.all([
    cpuPool().run('replayAlerts', { plan, config: stored, pings }),
    cpuPool().run('replayAlerts', { plan, config: proposedConfig(stored, run.proposed), pings }),
  ]);
  return { tripId: trip.id, before, after };
}
