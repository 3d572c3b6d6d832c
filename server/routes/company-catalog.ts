import type { FastifyInstance } from 'fastify';
import type { AnySchema } from 'ajv';
import { scopedIdQuerySchema, type ScopedIdQuery } from '../../schemas/lookup';
import { scopeQuerySchema, type ScopeQuery } from '../../schemas/scope';
import { ApiError, notFound, ok } from '../http/envelope';
import { newId } from '../http/ids';
import { ensureOwned, resolveScope, scopeFilter } from '../http/scope';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/** How one kind of company catalogue (vehicles, materials) maps onto its tables and paths. */
export interface CatalogKind {
  /** Path segment: `/saas/lego/company_<segment>/...`. */
  segment: 'vehicles' | 'materials';
  table: 'company_vehicles' | 'company_materials';
  /** Column and body field naming the standard entry (`ft_vehicle_id` / `ftVehicleId`). */
  masterColumn: string;
  masterField: 'ftVehicleId' | 'ftMaterialId';
  /** Key of the created id in the answer (`vehicleId` / `materialId`). */
  idField: 'vehicleId' | 'materialId';
  idPrefix: string;
  createSchema: AnySchema;
  /** The label of a standard entry, or null when the id is unknown. */
  masterLabel(q: Queryable, id: string): Promise<string | null>;
  /** Refusal text when route master entries still use the entry. */
  inUse: string;
}

/**
 * Fetch, create and delete of a company catalogue. Creating an entry the scope already has (same standard id,
 * or same label ignoring case) answers the existing id instead of adding a duplicate.
 */
export async function catalogRoutes(app: FastifyInstance, { store }: AppContext, kind: CatalogKind) {
  const base = `/saas/lego/company_${kind.segment}`;
  const select = `select id, label, ${kind.masterColumn} as "${kind.masterField}" from ${kind.table}`;

  app.get<{ Querystring: ScopeQuery }>(`${base}/fetch`, { schema: { querystring: scopeQuerySchema } }, async ({ query }) => {
    const filter = scopeFilter(await resolveScope(store, query));
    return ok(await store.query(`${select} where ${filter.sql} order by created_at, id`, filter.params));
  });

  app.post<{ Querystring: ScopeQuery; Body: Record<string, string> }>(
    `${base}/create`,
    { schema: { querystring: scopeQuerySchema, body: kind.createSchema } },
    async ({ query, body }) =>
      ok(
        await store.tx(async (q) => {
          const scope = await resolveScope(q, query);
          const masterId = body.label === undefined ? body[kind.masterField] : null;
          const label = masterId ? await kind.masterLabel(q, masterId) : body.label.trim();
          if (!label) throw notFound();
          const filter = scopeFilter(scope, 3);
          const existing = await q.one<{ id: string }>(
            `select id from ${kind.table}
              where (${kind.masterColumn} = $1 or ($1::text is null and lower(label) = lower($2))) and ${filter.sql}`,
            [masterId, label, ...filter.params],
          );
          const id = existing?.id ?? newId(kind.idPrefix);
          if (!existing) {
            await q.query(
              `insert into ${kind.table} (id, company_id, branch_id, department_id, label, ${kind.masterColumn})
               values ($1, $2, $3, $4, $5, $6)`,
              [id, scope.companyId, scope.branchId, scope.departmentId, label, masterId],
            );
          }
          return { [kind.idField]: id };
        }),
      ),
  );

  app.delete<{ Querystring: ScopedIdQuery }>(
    `${base}/delete`,
    { schema: { querystring: scopedIdQuerySchema } },
    async ({ query }) => {
      await store.tx(async (q) => {
        const scope = await resolveScope(q, query);
        await ensureOwned(q, kind.table, query.id, scope.companyId);
        const column = kind.table === 'company_vehicles' ? 'vehicle_id' : 'material_id';
        if (await q.one(`select 1 from route_master where ${column} = $1 limit 1`, [query.id])) {
          throw new ApiError(409, [kind.inUse]);
        }
        await q.query(`delete from ${kind.table} where id = $1`, [query.id]);
      });
      return ok(null);
    },
  );
}
