import type { FastifyInstance } from 'fastify';
import { mainCalls } from '../../schemas/api/main';
import { ok } from '../http/envelope';
import { ROUTE_CODE_TAKEN } from '../../schemas/route';
import { route } from '../http/route';
import { expectedVersions, refusal, splitVersion, withEtag } from '../http/etag';
import { ensureOwned, resolveScope } from '../repos/scope-repository';
import { routeRepository } from '../repos/route-repository';
import { saveRouteRows } from '../rules/route-bulk-row';
import type { AppContext } from '../context';
import { refusingDuplicate } from '../store/unique';

/** Routes: fetch, create or update one, bulk create (API.md "Routes"). */
export async function companyRouteRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, mainCalls.routes, async ({ query }, reply) => {
    const scope = await resolveScope(store, query);
    const one = query.id || query.routeId;
    if (one) {
      await ensureOwned(store, 'routes', one, scope);
      // A list of one, as the spec answers it; the route's version travels as the ETag (API.md "Lost updates").
      const row = await routeRepository.byId(store, one);
      if (!row) return ok([]);
      const { record, version } = splitVersion(row);
      withEtag(reply, version);
      return ok([record]);
    }
    // Search, paging or sorting asked for: one page, with the number of matching routes beside the data.
    if (query.q !== undefined || query.page !== undefined || query.size !== undefined || query.sort !== undefined || query.order !== undefined) {
      const size = query.size ?? 20;
      const { data, total } = await routeRepository.pageJson(store, scope, { page: query.page ?? 1, size, q: query.q, sort: query.sort, order: query.order });
      return reply.type('application/json; charset=utf-8').send(`{"success":true,"data":${data},"message":[],"total":${total}}`);
    }
    const data = await routeRepository.listJson(store, scope);
    return reply.type('application/json; charset=utf-8').send(`{"success":true,"data":${data},"message":[]}`);
  });

  route(app, mainCalls.saveRoute, async (request, reply) => {
    const { query, body, desk } = request;
    const id = body.id;
    if (!id) {
      return ok(await store.tx(async (q) => {
        const scope = await resolveScope(q, query);
        return refusingDuplicate(ROUTE_CODE_TAKEN, () => routeRepository.insert(q, scope, body, desk.email));
      }));
    }
    // An update with a stale If-Match changes nothing: 412 (API.md "Lost updates").
    const expected = expectedVersions(request);
    const { record, version } = splitVersion(
      await store.tx(async (q) => {
        await ensureOwned(q, 'routes', id, await resolveScope(q, query));
        const stored = await refusingDuplicate(ROUTE_CODE_TAKEN, () => routeRepository.update(q, id, body, desk.email, expected));
        if (!stored) throw await refusal(() => routeRepository.version(q, id));
        return stored;
      }),
    );
    withEtag(reply, version);
    return ok(record);
  });

  // Each row answered on its own (a bad row is reported, the others stored); allOrNone: all rows or a 400.
  route(app, mainCalls.createRoutes, async ({ query, body, desk }) =>
    ok(await saveRouteRows(store, await resolveScope(store, query), body, query.allOrNone ?? false, desk.email)),
  );
}
