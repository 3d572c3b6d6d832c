import type { FastifyInstance } from 'fastify';
import { apCalls } from '../../schemas/api/ap';
import { AP_MSG } from '../../schemas/ap-config';
import type { AppContext } from '../context';
import { notFound, ok } from '../http/envelope';
import { expectedVersions, refusal, splitVersion, withEtag } from '../http/etag';
import { route } from '../http/route';
import { apConfigRepository } from '../repos/ap-config-repository';
import { resolveScope } from '../repos/scope-repository';
import { apConfigWrite } from '../rules/ap-config-write';
import { refusingDuplicate } from '../store/unique';

/**
 * The AP config service (spec 002 section 7, API.md "AP config"): a zero-based page, one by id (with its ETag),
 * create, update and delete, each scoped to the company in the query: another company's id is 404. Writes run in
 * one transaction with their audit entry; a stale If-Match gets 412. A company holds one config of a type per CBDT id
 * and partner (migration 150): a create or update that would make a second one is 409 with AP_MSG.exists.
 */
export async function apConfigRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, apCalls.list, async ({ query }) => {
    const scope = await resolveScope(store, query);
    return ok(await apConfigRepository.page(store, scope.companyId, query.page_number ?? 0, query.page_size ?? 10));
  });

  route(app, apCalls.get, async ({ query, params }, reply) => {
    const scope = await resolveScope(store, query);
    const row = await apConfigRepository.byId(store, scope.companyId, Number(params.id));
    if (!row) throw notFound();
    const { record, version } = splitVersion(row);
    withEtag(reply, version);
    return ok(record);
  });

  route(app, apCalls.create, async ({ query, body, desk }, reply) => {
    const { record, version } = splitVersion(
      await store.tx(async (q) => {
        const scope = await resolveScope(q, query);
        const fields = await apConfigWrite(q, scope.companyId, body);
        return refusingDuplicate(AP_MSG.exists, () => apConfigRepository.insert(q, scope.companyId, fields, desk.email));
      }),
    );
    withEtag(reply, version);
    return ok(record);
  });

  route(app, apCalls.update, async (request, reply) => {
    const { query, params, body, desk } = request;
    const expected = expectedVersions(request);
    const id = Number(params.id);
    const { record, version } = splitVersion(
      await store.tx(async (q) => {
        const scope = await resolveScope(q, query);
        if ((await apConfigRepository.version(q, scope.companyId, id)) === null) throw notFound();
        const fields = await apConfigWrite(q, scope.companyId, body);
        const stored = await refusingDuplicate(AP_MSG.exists, () => apConfigRepository.update(q, scope.companyId, id, fields, expected, desk.email));
        if (!stored) throw await refusal(() => apConfigRepository.version(q, scope.companyId, id));
        return stored;
      }),
    );
    withEtag(reply, version);
    return ok(record);
  });

  route(app, apCalls.remove, async (request) => {
    const { query, params } = request;
    const expected = expectedVersions(request);
    const id = Number(params.id);
    await store.tx(async (q) => {
      const scope = await resolveScope(q, query);
      if (!(await apConfigRepository.remove(q, scope.companyId, id, expected))) {
        throw await refusal(() => apConfigRepository.version(q, scope.companyId, id));
      }
    });
    return ok(null);
  });
}
