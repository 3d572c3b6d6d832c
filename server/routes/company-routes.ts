import type { FastifyInstance } from 'fastify';
import { mainCalls } from '../../schemas/api/main';
import { ok } from '../http/envelope';
import { ROUTE_CODE_TAKEN } from '../../schemas/route';
import { route } from '../http/route';
import { routeRepository } from '../repos/route-repository';
import { saveRouteRows } from '../rules/route-bulk-row';
import type { AppContext } from '../context';
import { refusingDuplicate } from '../store/unique';
import { asksForPage, pageAsked } from '../http/paging';

/**
 * Routes: fetch, create or update one, bulk create (API.md "Routes"). The scope, and the route a call names by id,
 * are checked before a handler runs (their contracts' `scope` and `owns`).
 */
export async function companyRouteRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, mainCalls.routes, async ({ query, scope }, reply) => {
    const one = query.id || query.routeId;
    if (one) {
      // A list of one, as the spec answers it; the route's version travels as the ETag (API.md "Lost updates").
      const row = await routeRepository.byId(store, one);
      return ok(row ? [row] : []);
    }
    // Search, paging or sorting asked for: one page, with the number of matching routes beside the data.
    if (asksForPage(query)) {
      const { data, total, estimated, next, prev } = await routeRepository.pageJson(store, scope, pageAsked(query));
      const counted = total === undefined ? '' : `,"total":${total}${estimated ? ',"estimated":true' : ''}`;
      return reply
        .type('application/json; charset=utf-8')
        .send(
          `{"success":true,"data":${data},"message":[]${counted},"next":${JSON.stringify(next)},"prev":${JSON.stringify(prev)}}`,
        );
    }
    const data = await routeRepository.listJson(store, scope);
    return reply.type('application/json; charset=utf-8').send(`{"success":true,"data":${data},"message":[]}`);
  });

  // A select's options: the route chosen, or a page of those matching what the operator typed.
  route(app, mainCalls.routeOptions, async ({ query, scope }) =>
    ok(query.id ? await routeRepository.option(store, query.id) : await routeRepository.options(store, scope, query.q)),
  );

  route(app, mainCalls.lookupRoutes, async ({ scope, body }) =>
    ok(await routeRepository.lookup(store, scope, body.names)),
  );

  route(app, mainCalls.saveRoute, async (request) => {
    const { scope, body, desk } = request;
    const id = body.id;
    if (!id) {
      return ok(
        await store.tx((q) =>
          refusingDuplicate(ROUTE_CODE_TAKEN, () => routeRepository.insert(q, scope, body, desk.email)),
        ),
      );
    }
    // An update with a stale If-Match changes nothing: 412 (API.md "Lost updates").
    const { expected } = request;
    return ok(
      await store.tx((q) =>
        refusingDuplicate(ROUTE_CODE_TAKEN, () => routeRepository.update(q, id, body, desk.email, expected)),
      ),
    );
  });

  // Each row answered on its own (a bad row is reported, the others stored); allOrNone: all rows or a 400.
  route(app, mainCalls.createRoutes, async ({ query, scope, body, desk }) =>
    ok(await saveRouteRows(store, scope, body, query.allOrNone ?? false, desk.email)),
  );
}
