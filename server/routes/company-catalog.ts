import type { FastifyInstance } from 'fastify';
import type { Contract } from '../../schemas/api/contract';
import type { scopedIdQuerySchema } from '../../schemas/lookup';
import type { scopeQuerySchema } from '../../schemas/scope';
import { ApiError, notFound, ok } from '../http/envelope';
import { newId } from '../http/ids';
import { ensureOwned, resolveScope } from '../repos/scope-repository';
import { route } from '../http/route';
import type { CatalogRepository } from '../repos/catalog-repository';
import type { AppContext } from '../context';

/** A call that takes the company scope in its query. */
type ScopedCall = Omit<Contract, 'querystring'> & { querystring: typeof scopeQuerySchema };

/** The calls and rules of one company catalogue (vehicles, materials). */
export interface CatalogKind {
  calls: { standard: Contract; fetch: ScopedCall; create: ScopedCall; remove: Omit<Contract, 'querystring'> & { querystring: typeof scopedIdQuerySchema } };
  repo: CatalogRepository;
  table: 'company_vehicles' | 'company_materials';
  /** Body field naming the standard entry, and the key of the created id in the answer. */
  masterField: 'ftVehicleId' | 'ftMaterialId';
  idField: 'vehicleId' | 'materialId';
  idPrefix: string;
  /** Refusal text when route master entries still use the entry. */
  inUse: string;
  /** Refusal text when the scope already has the entry (same standard id, or same label ignoring case). */
  exists: string;
}

/**
 * Standard entries, and fetch, create and delete of a company catalogue. Creating an entry the scope already has
 * (same standard id, or same label ignoring case) is refused with 409 and `kind.exists`, adding nothing.
 */
export async function catalogRoutes(app: FastifyInstance, { store }: AppContext, kind: CatalogKind) {
  route(app, kind.calls.standard, async () => ok(await kind.repo.standard(store)));

  route(app, kind.calls.fetch, async ({ query }) => ok(await kind.repo.list(store, await resolveScope(store, query))));

  route(app, kind.calls.create, async ({ query, body }) =>
    ok(
      await store.tx(async (q) => {
        const scope = await resolveScope(q, query);
        // The schema let through either a custom label or a standard entry's id.
        const fields: Record<string, unknown> = typeof body === 'object' && body !== null ? { ...body } : {};
        const custom = typeof fields.label === 'string' ? fields.label : undefined;
        const master = fields[kind.masterField];
        const masterId = custom === undefined && typeof master === 'string' ? master : null;
        const label = masterId ? await kind.repo.masterLabel(q, masterId) : custom?.trim();
        if (!label) throw notFound();
        const id = newId(kind.idPrefix);
        // Checked first for the wider scope (a company-wide add finds a branch's entry, as the list shows it); the
        // unique index refuses one stored meanwhile by a concurrent request.
        if ((await kind.repo.findSame(q, scope, masterId, label)) || !(await kind.repo.insert(q, scope, { id, label, masterId }))) {
          throw new ApiError(409, [kind.exists]);
        }
        return { [kind.idField]: id };
      }),
    ),
  );

  route(app, kind.calls.remove, async ({ query }) => {
    await store.tx(async (q) => {
      const scope = await resolveScope(q, query);
      await ensureOwned(q, kind.table, query.id, scope);
      if (await kind.repo.inUse(q, query.id)) throw new ApiError(409, [kind.inUse]);
      await kind.repo.remove(q, query.id);
    });
    return ok(null);
  });
}
