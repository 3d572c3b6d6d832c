import type { FastifyInstance } from 'fastify';
import { mainCalls } from '../../schemas/api/main';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { ensureOwned, resolveScope } from '../repos/scope-repository';
import { routeRepository } from '../repos/route-repository';
import { readRouteBulkRow } from '../rules/route-bulk-row';
import type { AppContext } from '../context';

/** Routes: fetch, create or update one, bulk create (API.md "Routes"). */
export async function companyRouteRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, mainCalls.routes, async ({ query }, reply) => {
    const scope = await resolveScope(store, query);
    const one = query.id || query.routeId;
    if (one) {
      await ensureOwned(store, 'routes', one, scope);
      return ok(await routeRepository.byId(store, one));
    }
    const data = await routeRepository.listJson(store, scope);
    return reply.type('application/json; charset=utf-8').send(`{"success":true,"data":${data},"message":[]}`);
  });

  route(app, mainCalls.saveRoute, async ({ query, body, desk }) =>
    ok(
      await store.tx(async (q) => {
        const scope = await resolveScope(q, query);
        if (!body.id) return routeRepository.insert(q, scope, body, desk.email);
        await ensureOwned(q, 'routes', body.id, scope);
        return routeRepository.update(q, body.id, body, desk.email);
      }),
    ),
  );

  route(app, mainCalls.createRoutes, async ({ query, body, desk }) => {
    const scope = await resolveScope(store, query);
    const results: ({ routeId: string } | { error: string })[] = [];
    // Row by row, each in its own transaction: a bad row is reported and the others are still stored.
    for (const row of body) {
      const read = readRouteBulkRow(row);
      if ('error' in read) {
        results.push({ error: read.error });
        continue;
      }
      const stored = await store.tx((q) => routeRepository.insert(q, scope, read.route, desk.email, read.waypoints));
      results.push({ routeId: stored.id });
    }
    return ok(results);
  });
}
