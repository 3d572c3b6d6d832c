import type { RouteMasterBulkResult } from '../../schemas/api/main';
import { ROUTE_MASTER_TAKEN, refText, routeMasterBulkRowSchema } from '../../schemas/route-master';
import { checked } from '../http/validation';
import { routeMasterRepository, type RouteMasterBulkEntry } from '../repos/route-master-repository';
import type { Scope } from '../repos/scope-repository';
import type { Store } from '../store/store';
import { saveBulk, type RowOutcome } from './bulk-rows';
import { costUnitErrors } from './route-master-units';

/** One row of the bulk route master create, checked on its own: the entry, or its messages joined. */
export function readRouteMasterRow(raw: unknown): { row: RouteMasterBulkEntry } | { refused: string } {
  const result = checked(routeMasterBulkRowSchema, raw);
  if ('errors' in result) return { refused: result.errors.join(', ') };
  const units = costUnitErrors(result.value.data);
  return units.length ? { refused: units.join(', ') } : { row: result.value };
}

/** Entries stored by one statement, each chunk in its own transaction (the rows' checks take four queries a chunk). */
const ROWS_PER_CHUNK = 200;

/**
 * company_routes_master/bulk_create: checks and stores each row in `scope`, answering one
 * {@link RouteMasterBulkResult} per row in the body's order. A row whose route, transporter (a partner of type
 * `partnerType`), vehicle or material the scope may not use is refused with the upload's text for it; the others
 * are stored (see {@link saveBulk}: a row the database refuses is found and answered alone, under its savepoint; a
 * rate the scope already has, or an earlier row of the call, gets {@link ROUTE_MASTER_TAKEN}).
 */
export async function saveRouteMasterRows(
  store: Store,
  scope: Scope,
  rows: unknown[],
  partnerType: string,
  by: string,
): Promise<RouteMasterBulkResult[]> {
  const outcomes = await saveBulk(store, rows, false, {
    read: readRouteMasterRow,
    async store(q, items) {
      const entries = items.map((item) => item.row);
      const refs = await routeMasterRepository.reachable(q, scope, entries, partnerType);
      const answers: RowOutcome<string>[] = entries.map((e) => {
        const wrong = (
          [
            ['route', refs.routes.has(e.routeId)],
            ['partner', refs.partners.has(e.partnerId)],
            ['vehicle', refs.vehicles.has(e.vehicleId)],
            ['material', refs.materials.has(e.materialId)],
          ] as const
        ).flatMap(([name, ok]) => (ok ? [] : [name]));
        return wrong.length ? { refused: refText(wrong) } : { saved: '' };
      });
      const good = entries.filter((_, i) => 'saved' in answers[i]);
      const ids = good.length ? await routeMasterRepository.insertMany(q, scope, good, by) : [];
      let next = 0;
      return answers.map((a) => ('saved' in a ? { saved: ids[next++] } : a));
    },
    // The only unique index a new entry can break (migration 150): the scope's rate for that route, transporter,
    // vehicle, material and date, stored before or by an earlier row.
    duplicate: ROUTE_MASTER_TAKEN,
    chunk: ROWS_PER_CHUNK,
  });
  return outcomes.map((outcome) => ('refused' in outcome ? { error: outcome.refused } : { id: outcome.saved }));
}
