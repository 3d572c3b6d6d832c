import type { FastifyInstance } from 'fastify';
import { apCalls } from '../../schemas/api/ap';
import { AP_MSG } from '../../schemas/ap-config';
import type { AppContext } from '../context';
import { notFound, ok } from '../http/envelope';
import { route } from '../http/route';
import { apConfigRepository } from '../repos/ap-config-repository';
import { apConfigWrite } from '../rules/ap-config-write';
import { refusingDuplicate } from '../store/unique';

/**
 * The AP config service (spec 002 section 7, API.md "AP config"): a zero-based page, one by id (with its ETag),
 * create, update and delete, each scoped to the company in the query (resolved before the handler runs, its contract's
 * `scope`): another company's id is 404. Writes run in
 * one transaction with their audit entry; a stale If-Match gets 412. A company holds one config of a type per CBDT id
 * and partner (migration 150): a create or update that would make a second one is 409 with AP_MSG.exists.
 */
export async function apConfigRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, apCalls.list, async ({ query, scope }) =>
    ok(await apConfigRepository.page(store, scope.companyId, query.page_number ?? 0, query.page_size ?? 10, query.q)),
  );

  route(app, apCalls.get, async ({ scope, params }) => {
    const row = await apConfigRepository.byId(store, scope.companyId, Number(params.id));
    if (!row) throw notFound();
    return ok(row);
  });

  route(app, apCalls.create, async ({ scope, body, desk }) =>
    ok(
      await store.tx(async (q) => {
        const fields = await apConfigWrite(q, scope.companyId, body);
        return refusingDuplicate(AP_MSG.exists, () =>
          apConfigRepository.insert(q, scope.companyId, fields, desk.email),
        );
      }),
    ),
  );

  route(app, apCalls.update, async ({ scope, params, body, desk, expected }) => {
    const id = Number(params.id);
    return ok(
      await store.tx(async (q) => {
        if ((await apConfigRepository.version(q, scope.companyId, id)) === null) throw notFound();
        const fields = await apConfigWrite(q, scope.companyId, body);
        return refusingDuplicate(AP_MSG.exists, () =>
          apConfigRepository.update(q, scope.companyId, id, fields, expected, desk.email),
        );
      }),
    );
  });

  route(app, apCalls.remove, async (request) => {
    const { scope, params, expected } = request;
    await store.tx((q) => apConfigRepository.remove(q, scope.companyId, Number(params.id), expected));
    return ok(null);
  });
}
