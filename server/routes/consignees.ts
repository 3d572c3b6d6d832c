import type { FastifyInstance } from 'fastify';
import type { QueryOf } from '../../schemas/api/contract';
import type { companyCalls } from '../../schemas/api/company';
import { consigneeCalls } from '../../schemas/api/consignees';
import { CONSIGNEE_MSG } from '../../schemas/consignee';
import { ApiError, notFound, ok } from '../http/envelope';
import { route } from '../http/route';
import { ensurePartner, type Scope } from '../repos/scope-repository';
import { consigneeRepository, type ConsigneeOwner } from '../repos/consignee-repository';
import { rowFailure } from '../rules/bulk-rows';
import { saveConsigneeRows, saveConsigneesAll } from '../rules/consignee-rows';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/**
 * Whose consignees a call is about (API.md "Consignees"): the company in scope (resolved before the handler, its
 * contract's `scope`) and, for a TRANSPORTER, the consignor it keeps them for ('Please select a consignor to proceed'
 * without one, spec 002 section 6). A partnerId must be one of the company's partners (a consignor, for a
 * TRANSPORTER), else 404 like any id out of reach.
 */
async function consigneeOwner(q: Queryable, scope: Scope, partner: string | undefined): Promise<ConsigneeOwner> {
  const partnerId = partner || null;
  if (scope.companyType === 'TRANSPORTER' && !partnerId) throw new ApiError(400, [CONSIGNEE_MSG.selectConsignor]);
  if (partnerId)
    await ensurePartner(q, scope.companyId, partnerId, scope.companyType === 'TRANSPORTER' ? 'CONSIGNOR' : undefined);
  return { companyId: scope.companyId, partnerId };
}

/** Whether coordinates sent (if any) are the stored ones: the edit form sends back what it read. */
const samePoint = (sent?: { lat: number; lng: number }, stored?: { lat: number; lng: number }) =>
  !sent || (!!stored && sent.lat === stored.lat && sent.lng === stored.lng);

/**
 * GET company_partners/fetch with pt=CONSIGNEE (the partners look-up dispatches here): the scope's consignees, newest
 * first; one by id (a list of one, its version as the ETag); or with q, page, size, sort, order or after one page, the
 * cursor of the next and (by page number) the total.
 */
export async function fetchConsignees(store: Queryable, scope: Scope, query: QueryOf<typeof companyCalls.partners>) {
  const owner = await consigneeOwner(store, scope, query.partnerId);
  if (query.id) {
    const consignee = await consigneeRepository.byId(store, owner, query.id);
    if (!consignee) throw notFound();
    return ok([consignee]);
  }
  if (
    query.q !== undefined ||
    query.page !== undefined ||
    query.size !== undefined ||
    query.sort !== undefined ||
    query.order !== undefined ||
    query.after !== undefined ||
    query.before !== undefined
  ) {
    const { data, total, estimated, next, prev } = await consigneeRepository.page(store, owner, {
      after: query.after,
      before: query.before,
      page: query.page ?? 1,
      size: query.size ?? 20,
      q: query.q,
      sort: query.sort,
      order: query.order,
    });
    return { ...ok(data), ...(total !== undefined && { total }), ...(estimated && { estimated }), next, prev };
  }
  return ok(await consigneeRepository.list(store, owner));
}

/**
 * Consignees (spec 002 sections 2.2 and 7): create (the form's all or none, or the bulk sheet's answer per row),
 * update (If-Match: 412 when stale) and delete. Their fetch is the partners look-up (server/routes/lookups.ts).
 */
export async function consigneeRoutes(app: FastifyInstance, { store, geocoder }: AppContext) {
  route(app, consigneeCalls.create, async ({ query, scope, body, desk }) => {
    const owner = await consigneeOwner(store, scope, query.partnerId);
    if (query.bulkUpload)
      return ok(await saveConsigneeRows(store, geocoder, owner, body, query.allOrNone ?? false, desk.email));
    return ok(await saveConsigneesAll(store, geocoder, owner, body, desk.email));
  });

  route(app, consigneeCalls.update, async ({ query, scope, body, desk, expected }) =>
    ok(
      await store.tx(async (q) => {
        const owner = await consigneeOwner(q, scope, body.partnerId || query.partnerId);
        const stored = await consigneeRepository.byId(q, owner, body.id);
        if (!stored || stored.place.cpId !== body.place.cpId) throw notFound();
        // Edit mode shows the Google address and coordinates read-only: a body that changes them is refused.
        const google = body.place.google;
        const was = stored.place.google;
        if (
          google &&
          (google.place_id !== was.place_id || !samePoint(google.geometry?.location, was.geometry?.location))
        ) {
          throw new ApiError(400, [CONSIGNEE_MSG.readOnly]);
        }
        const { place } = body;
        const edit = {
          code: body.code.trim(),
          name: body.name.trim(),
          type: body.type,
          phone: (body.phone ?? '').trim(),
          email: body.email.trim(),
          place: {
            label: place.label.trim(),
            address: place.address.trim(),
            cpCode: place.cpCode.trim(),
            geofenceRadius: place.geofenceRadius,
          },
        };
        let updated: Awaited<ReturnType<typeof consigneeRepository.update>>;
        try {
          updated = await consigneeRepository.update(q, owner, body.id, place.cpId, edit, desk.email, expected);
        } catch (err) {
          throw new ApiError(400, [rowFailure(err, CONSIGNEE_MSG.duplicateCode)]);
        }
        return updated;
      }),
    ),
  );

  route(app, consigneeCalls.remove, async ({ query, scope }) => {
    await store.tx(async (q) => {
      if (!(await consigneeRepository.remove(q, await consigneeOwner(q, scope, query.partnerId), query.id)))
        throw notFound();
    });
    return ok(null);
  });
}
