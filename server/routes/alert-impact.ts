import type { FastifyInstance } from 'fastify';
import { alertImpactCalls } from '../../schemas/api/alert-impact';
import { IMPACT_MAX_DAYS, IMPACT_MSG, type ImpactStart } from '../../schemas/alert-impact';
import { impactTrip } from '../repos/alert-impact-trip';
import type { Scope } from '../repos/scope-repository';
import { configsOfRows } from '../rules/alert-impact-rows';
import type { StoredAlertConfig } from '../rules/trip-alerts';
import { ApiError, ok } from '../http/envelope';
import { route } from '../http/route';
import { cancelImpact, readImpact, runImpact, startImpact } from '../repos/alert-impact-repository';
import type { AppContext } from '../context';

const DAY = 86_400_000;

/** The configurations a start proposes: given as stored, or as the sheet's (or form's) rows, each row checked. */
function proposedOf(body: ImpactStart, scope: Scope): StoredAlertConfig[] {
  if ((body.configs === undefined) === (body.rows === undefined)) throw new ApiError(400, [IMPACT_MSG.configsOrRows]);
  if (body.configs) return body.configs;
  const rows = configsOfRows(body.rows ?? [], scope);
  if ('refused' in rows) throw new ApiError(400, rows.refused);
  return rows.configs;
}

/**
 * 'Preview impact' of alert settings (issue 25; API.md "Alert impact preview"): a start answers at once with the
 * preview (trips to go through), which this instance then works through in the background; reads show its progress
 * and result; a cancel stops it. The server closing stops its previews between slices.
 */
export async function alertImpactRoutes(app: FastifyInstance, { store }: AppContext) {
  const running = new Set<Promise<void>>();
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
    await Promise.allSettled(running);
  });

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
    const run = await startImpact(store, {
      scope,
      deskId: request.desk.deskId,
      userId: request.desk.userId,
      from,
      to,
      proposed,
    });
    const work = runImpact(store, run.id, scope, () => closing).finally(() => running.delete(work));
    running.add(work);
    return ok(run);
  });

  route(app, alertImpactCalls.read, async ({ params }) => ok(await readImpact(store, params.id)));

  route(app, alertImpactCalls.trip, async ({ params }) => ok(await impactTrip(store, params.id, params.tripId)));

  route(app, alertImpactCalls.cancel, async ({ params }) => ok(await cancelImpact(store, params.id)));
}
