import { ApiError, notFound } from '../http/envelope';
import { newId } from '../http/ids';
import type { Scope } from '../repos/scope-repository';
import type { CatalogRepository } from '../repos/catalog-repository';
import type { Store } from '../store/store';

/** The rules of one company catalogue (vehicles, materials). */
export interface CatalogKind {
  repo: CatalogRepository;
  /** Body field naming the standard entry. */
  masterField: 'ftVehicleId' | 'ftMaterialId';
  idPrefix: string;
  /** Refusal text when route master entries still use the entry. */
  inUse: string;
  /** Refusal text when the scope already has the entry (same standard id, or same label ignoring case). */
  exists: string;
}

/**
 * Create and delete of a company catalogue's entries, for its routes (vehicles.ts, materials.ts), which answer them
 * in their own calls' shapes. Creating an entry the scope already has (same standard id, or same label ignoring case)
 * is refused with 409 and `kind.exists`, adding nothing.
 */
export function catalogWrites(store: Store, kind: CatalogKind) {
  return {
    /** Adds the entry the body names (a custom label or a standard entry's id) to the scope; answers its new id. */
    create: (scope: Scope, body: unknown): Promise<string> =>
      store.tx(async (q) => {
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
        if (
          (await kind.repo.findSame(q, scope, masterId, label)) ||
          !(await kind.repo.insert(q, scope, { id, label, masterId }))
        ) {
          throw new ApiError(409, [kind.exists]);
        }
        return id;
      }),

    /**
     * Deletes entry `id` (within the scope's reach: its contract `owns` it), unless route master entries use it (409
     * with `kind.inUse`).
     */
    remove: (id: string): Promise<void> =>
      store.tx(async (q) => {
        if (await kind.repo.inUse(q, id)) throw new ApiError(409, [kind.inUse]);
        await kind.repo.remove(q, id);
      }),
  };
}
