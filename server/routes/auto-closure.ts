import type { FastifyInstance } from 'fastify';
import { dataCalls } from '../../schemas/api/data';
import { AUTO_CLOSURE_TEXT as T, type AutoClosure } from '../../schemas/auto-closure';
import { storedFields } from '../../schemas/auto-closure-payload';
import { ApiError, notFound } from '../http/envelope';
import { newId } from '../http/ids';
import type { Scope } from '../repos/scope-repository';
import { route } from '../http/route';
import { dataOk } from '../http/data-envelope';
import { autoClosureRepository as rules, type AutoClosureRow } from '../repos/auto-closure-repository';
import { checkRuleRows } from '../rules/auto-closure-rows';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/** A stored rule as the calls answer it: its type fields of section 3 beside id, identifier, active and a name. */
function present(row: AutoClosureRow): AutoClosure {
  const subjects = row.config.autoClosureRuleSubject;
  return {
    ...row.config,
    id: row.id,
    identifier: row.identifier,
    active: row.active,
    branchId: row.branchId,
    name: subjects?.length ? subjects.join(', ') : row.identifier,
  };
}

/**
 * Rule `id` within reach of the scope (the company's; with a branch, that branch's or a company-wide one), or 404.
 * An edit keeps the rule's own branch (updateConfig writes no branch), so no call moves a rule to another branch.
 */
async function owned(q: Queryable, id: string, scope: Scope): Promise<AutoClosureRow> {
  const row = await rules.find(q, id, scope);
  if (!row) throw notFound();
  return row;
}

/**
 * Auto closure rules and company custom fields of spec 001 (data family, section 7). Each call's scope is resolved
 * before it runs (its contract's `scope`); the access key it may send is checked by its schema, before that.
 */
export async function autoClosureRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, dataCalls.autoClosures, async ({ scope }) => dataOk((await rules.list(store, scope)).map(present)));

  route(app, dataCalls.autoClosureById, async ({ query, scope }) => {
    const row = await owned(store, query.id, scope);
    return dataOk({ ...present(row), version: row.version });
  });

  route(app, dataCalls.customFields, async ({ scope }) => dataOk(await rules.customFields(store, scope.companyId)));

  // A flip or an edit with a stale If-Match changes nothing: 412 (API.md "Lost updates"); the answer carries the new ETag.
  route(app, dataCalls.toggleAutoClosure, async ({ scope, body, expected }) => {
    const flipped = await store.tx(async (q) => {
      const { id } = await owned(q, body.customerConfigId, scope);
      return { id, ...(await rules.flip(q, id, expected)) };
    });
    return dataOk(
      { id: flipped.id, active: flipped.active, version: flipped.version },
      flipped.active ? 'Auto closure enabled' : 'Auto closure disabled',
    );
  });

  route(app, dataCalls.saveAutoClosure, async (request) => {
    const { body, scope } = request;
    const expected = body.edit ? request.expected : null;
    const saved = await store.tx(async (q) => {
      await checkRuleRows(q, body, scope.companyId);
      const config = JSON.stringify(storedFields(body));
      if (!body.edit) {
        const id = newId('acl');
        // One rule per type in a scope (company, or branch): a second one is refused, the first is edited instead.
        if (
          !(await rules.insert(q, {
            id,
            companyId: scope.companyId,
            branchId: scope.branchId,
            identifier: body.autoClosureType,
            config,
          }))
        ) {
          throw new ApiError(409, [T.exists]);
        }
        return { id, scope, version: null };
      }
      // The schema requires customerConfigId when edit is true.
      const row = await owned(q, body.customerConfigId!, scope);
      if (row.identifier !== body.autoClosureType) throw new ApiError(400, [T.typeLocked]);
      return { id: row.id, scope, version: await rules.updateConfig(q, row.id, config, expected) };
    });
    const { companyId } = saved.scope;
    return dataOk(
      { id: saved.id, companyIds: [companyId], version: saved.version },
      `Auto Closure set successfully for companyIds [ ${companyId} ]`,
    );
  });
}
