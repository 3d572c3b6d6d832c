import type { FastifyInstance } from 'fastify';
import { alertImpactCalls } from '../../schemas/api/alert-impact';
import { IMPACT_MAX_DAYS, IMPACT_MSG, type ImpactStart } from '../../schemas/alert-impact';
import { impactTrip } from '../repos/alert-impact-trip';
import type { Scope } from '../repos/scope-repository';
import { proposedConfig } from '../rules/alert-impact';
import { configsOfRows, configsOfStored } from '../rules/alert-impact-rows';
import type { StoredAlertConfig } from '../rules/trip-alerts';
import { ApiError, ok } from '../http/envelope';
import { route } from '../http/route';
import { cancelImpact, readImpact, startImpact } from '../repos/alert-impact-repository';
import type { AppContext } from '../context';

const DAY = 86_400_000;

/**
 * The configurations a start proposes: those given in the stored shape, then those of the sheet's (or form's) rows,
 * each checked by the rules setAlerts checks a sheet's row with (a row's alert replaces a stored-shape one of the same
 * key). Any refused: 400 naming each (its alert or its row, and the field), and nothing starts.
 */
function proposedOf(body: ImpactStart, scope: Scope): StoredAlertConfig[] {
  const configs = configsOfStored(body.configs ?? [], scope);
  const rows = configsOfRows(body.rows ?? [], scope);
  const refused = [...('refused' in configs ? configs.refused : []), ...('refused' in rows ? rows.refused : [])];
  if ('refused' in configs || 'refused' in rows) throw new ApiError(400, refused);
  const proposed = proposedConfig(configs.configs, rows.configs);
  if (proposed.length === 0) throw new ApiError(400, [IMPACT_MSG.configsOrRows]);
  return proposed;
}

/**
 * 'Preview impact' of alert settings (issue 25; API.md "Alert impact preview"): a start answers at once with the
 * preview (trips to go through), which this instance then works through in the background under its lease
 * (server/jobs/alert-impact-job.ts); reads show its progress and result; a cancel stops it. The server closing
 * (its jobs stopping) stops its previews between slices and frees their leases; a preview whose instance died is
 * taken over by another instance's sweep and resumed from its last slice.
 */
export async function alertImpactRoutes(app: FastifyInstance, { store, jobs }: AppContext) {
  route(app, alertImpactCalls.start, async (request) => {
    const { body, scope } = request;
    const now = Date.now();
    const [from, to] = body.days
      ? [now - body.days * DAY, now]
      : body.from !== undefined && body.to !== undefined
        ? [body.from, body.to]
        : [null, null];
    if (from === null || to === null) throw new ApiError(400, [IMPACT_MSG.period]);
    if (from >= to || to - from > IMPACT_MAX_DAYS * DAY) throw new ApiError(400, [IMPACT_MSG.range]);
    const proposed = proposedOf(body, scope);
    const run = await startImpact(
      store,
      {
        scope,
        deskId: request.desk.deskId,
        userId: request.desk.userId,
        from,
        to,
        proposed,
      },
      jobs.runWorker,
    );
    jobs.impacts.run(run.id);
    return ok(run);
  });

  route(app, alertImpactCalls.read, async ({ params }) => ok(await readImpact(store, params.id)));

  route(app, alertImpactCalls.trip, async ({ params }) => ok(await impactTrip(store, params.id, params.tripId)));

  route(app, alertImpactCalls.cancel, async ({ params }) => ok(await cancelImpact(store, params.id)));
}
