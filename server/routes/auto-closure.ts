import type { FastifyInstance } from 'fastify';
import { dataCalls } from '../../schemas/api/data';
import { AUTO_CLOSURE_TEXT as T } from '../../schemas/auto-closure';
import { storedFields } from '../../schemas/auto-closure-payload';
import { ApiError, notFound } from '../http/envelope';
import { newId } from '../http/ids';
import { resolveScope, type Scope } from '../repos/scope-repository';
import { route } from '../http/route';
import { checkKey, dataOk } from '../http/data-envelope';
import { autoClosureRepository as rules, type AutoClosureRow } from '../repos/auto-closure-repository';
import { checkRuleRows } from '../rules/auto-closure-rows';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/** The scope of a data-family query, after checking its access key. */
async function scopeOf(q: Queryable, query: { companyId: string; branchId?: string | null; departmentId?: string; key?: string }) {
  checkKey(query.key);
  return resolveScope(q, { c: query.companyId, b: query.branchId ?? undefined, d: query.departmentId });
}

/** A stored rule as the calls answer it: its type fields of section 3 beside id, identifier, active and a name. */
function present(row: AutoClosureRow): Record<string, unknown> {
  const subjects = row.config.autoClosureRuleSubject as string[] | undefined;
  return { ...row.config, id: row.id, identifier: row.identifier, active: row.active, branchId: row.branchId, name: subjects?.length ? subjects.join(', ') : row.identifier };
}

/** The rule `id` of the scope's company, or 404. */
async function owned(q: Queryable, id: string, scope: Scope): Promise<AutoClosureRow> {
  const row = await rules.find(q, id, scope.companyId);
  if (!row) throw notFound();
  return row;
}

/** Auto closure rules and company custom fields of spec 001 (data family, section 7). */
export async function autoClosureRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, dataCalls.autoClosures, async ({ query }) => dataOk((await rules.list(store, await scopeOf(store, query))).map(present)));

  route(app, dataCalls.autoClosureById, async ({ query }) => {
    const scope = await scopeOf(store, query);
    return dataOk(present(await owned(store, query.id, scope)));
  });

  route(app, dataCalls.customFields, async ({ query }) => {
    const scope = await scopeOf(store, query);
    return dataOk(await rules.customFields(store, scope.companyId));
  });

  route(app, dataCalls.toggleAutoClosure, async ({ query, body }) =>
    store.tx(async (q) => {
      const scope = await scopeOf(q, query);
      const row = await owned(q, body.customerConfigId, scope);
      await rules.setActive(q, row.id, !row.active);
      return dataOk({ id: row.id, active: !row.active }, row.active ? 'Auto closure disabled' : 'Auto closure enabled');
    }),
  );

  route(app, dataCalls.saveAutoClosure, async ({ body }) =>
    store.tx(async (q) => {
      const scope = await scopeOf(q, { companyId: body.companyId, branchId: body.branchId, key: body.key });
      await checkRuleRows(q, body, scope.companyId);
      const config = JSON.stringify(storedFields(body));
      let id: string;
      if (body.edit) {
        // The schema requires customerConfigId when edit is true.
        const row = await owned(q, body.customerConfigId!, scope);
        if (row.identifier !== body.autoClosureType) throw new ApiError(400, [T.typeLocked]);
        id = row.id;
        await rules.updateConfig(q, id, config);
      } else {
        id = newId('acl');
        await rules.insert(q, { id, companyId: scope.companyId, branchId: scope.branchId, identifier: body.autoClosureType, config });
      }
      return dataOk({ id, companyIds: [scope.companyId] }, `Auto Closure set successfully for companyIds [ ${scope.companyId} ]`);
    }),
  );
}
