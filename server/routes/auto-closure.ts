import type { FastifyInstance } from 'fastify';
import { checkKey, dataOk, withDataEnvelope } from '../http/data-envelope';
import {
  AUTO_CLOSURE_TEXT as T, CUSTOM_VALUE_PREFIX, autoClosureBodySchema, autoClosureByIdQuerySchema, autoClosureQuerySchema, autoClosureToggleSchema, type AutoClosureQuery,
} from '../../schemas/auto-closure';
import { DISTANCE_ARRAYS, RULE_ARRAYS, storedFields } from '../../schemas/auto-closure-payload';
import { ApiError, notFound } from '../http/envelope';
import { newId } from '../http/ids';
import { resolveScope, type Scope } from '../http/scope';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/** The data family's base path of auto closure (spec 001 section 7). */
const BASE = '/saas/data/autoclosure';

type Row = Record<string, unknown>;

/** The scope of a data-family query, after checking its access key. */
async function scopeOf(q: Queryable, query: { companyId: string; branchId?: string | null; departmentId?: string; key?: string }) {
  checkKey(query.key);
  return resolveScope(q, { c: query.companyId, b: query.branchId ?? undefined, d: query.departmentId });
}

const SELECT = `select id, identifier, active, branch_id as "branchId", config from auto_closure_rules`;

/** A stored rule as the calls answer it: its type fields of section 3 beside id, identifier, active and a name. */
function present(row: { id: string; identifier: string; active: boolean; branchId: string | null; config: Row }): Row {
  const subjects = row.config.autoClosureRuleSubject as string[] | undefined;
  return { ...row.config, id: row.id, identifier: row.identifier, active: row.active, branchId: row.branchId, name: subjects?.length ? subjects.join(', ') : row.identifier };
}

/** The rule `id` of the scope's company, or 404. */
async function owned(q: Queryable, id: string, scope: Scope) {
  const row = await q.one<Parameters<typeof present>[0]>(`${SELECT} where id = $1 and company_id = $2`, [id, scope.companyId]);
  if (!row) throw notFound();
  return row;
}

/** Rows of one rule must be complete (parallel arrays of equal length); custom values must exist for the company. */
async function checkRows(q: Queryable, body: Row, companyId: string) {
  for (const names of [RULE_ARRAYS.slice(0, 6), DISTANCE_ARRAYS]) {
    const lengths = names.map((n) => (body[n] as unknown[] | undefined)?.length).filter((n) => n !== undefined);
    if (new Set(lengths).size > 1) throw new ApiError(400, [T.sameLength]);
  }
  const rows = (body.firstCustomValue as unknown[] | undefined)?.length ?? 0;
  for (const name of RULE_ARRAYS.slice(6)) {
    if (((body[name] as unknown[] | undefined)?.length ?? 0) > rows) throw new ApiError(400, [T.sameLength]);
  }
  const custom = [...((body.firstCustomValue as string[]) ?? []), ...((body.secondCustomValue as string[]) ?? [])]
    .filter((v) => v.startsWith(CUSTOM_VALUE_PREFIX))
    .map((v) => v.slice(CUSTOM_VALUE_PREFIX.length));
  for (const field of new Set(custom)) {
    if (!(await q.one('select 1 from company_custom_fields where company_id = $1 and field_id = $2', [companyId, field]))) {
      throw new ApiError(400, [T.customField]);
    }
  }
}

/** Auto closure rules and company custom fields of spec 001 (data family, section 7). */
export async function autoClosureRoutes(app: FastifyInstance, { store }: AppContext) {
  await withDataEnvelope(app, async (api) => {
    api.get<{ Querystring: AutoClosureQuery }>(`${BASE}/getAutoClosureList`, { schema: { querystring: autoClosureQuerySchema } }, async ({ query }) => {
      const scope = await scopeOf(store, query);
      const rows = await store.query<Parameters<typeof present>[0]>(
        `${SELECT} where company_id = $1 and ($2::text is null or branch_id = $2) order by created_at, id`,
        [scope.companyId, scope.branchId],
      );
      return dataOk(rows.map(present));
    });

    api.get<{ Querystring: AutoClosureQuery }>(`${BASE}/getAutoClosureById`, { schema: { querystring: autoClosureByIdQuerySchema } }, async ({ query }) => {
      const scope = await scopeOf(store, query);
      return dataOk(present(await owned(store, query.id!, scope)));
    });

    api.get<{ Querystring: AutoClosureQuery }>(`${BASE}/getCustomField`, { schema: { querystring: autoClosureQuerySchema } }, async ({ query }) => {
      const scope = await scopeOf(store, query);
      return dataOk(await store.query(
        'select field_id as "fieldId", display_name as "displayName" from company_custom_fields where company_id = $1 order by display_name',
        [scope.companyId],
      ));
    });

    api.post<{ Querystring: AutoClosureQuery; Body: { customerConfigId: string } }>(
      `${BASE}/toggleAutoClosure`,
      { schema: { querystring: autoClosureQuerySchema, body: autoClosureToggleSchema } },
      async ({ query, body }) => store.tx(async (q) => {
        const scope = await scopeOf(q, query);
        const row = await owned(q, body.customerConfigId, scope);
        await q.query('update auto_closure_rules set active = $2, updated_at = now() where id = $1', [row.id, !row.active]);
        return dataOk({ id: row.id, active: !row.active }, row.active ? 'Auto closure disabled' : 'Auto closure enabled');
      }),
    );

    api.post<{ Body: Row & { companyId: string; branchId?: string | null; autoClosureType: string; edit?: boolean; customerConfigId?: string; key?: string } }>(
      `${BASE}/createAndUpdateAutoClosure`,
      { schema: { body: autoClosureBodySchema } },
      async ({ body }) => store.tx(async (q) => {
        const scope = await scopeOf(q, { companyId: body.companyId, branchId: body.branchId, key: body.key });
        await checkRows(q, body, scope.companyId);
        const config = JSON.stringify(storedFields(body));
        let id: string;
        if (body.edit) {
          const row = await owned(q, body.customerConfigId!, scope);
          if (row.identifier !== body.autoClosureType) throw new ApiError(400, [T.typeLocked]);
          id = row.id;
          await q.query('update auto_closure_rules set config = $2, updated_at = now() where id = $1', [id, config]);
        } else {
          id = newId('acl');
          await q.query(
            'insert into auto_closure_rules (id, company_id, branch_id, identifier, config) values ($1, $2, $3, $4, $5)',
            [id, scope.companyId, scope.branchId, body.autoClosureType, config],
          );
        }
        return dataOk({ id, companyIds: [scope.companyId] }, `Auto Closure set successfully for companyIds [ ${scope.companyId} ]`);
      }),
    );
  });
}
