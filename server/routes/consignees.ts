import type { FastifyInstance } from 'fastify';
import type { QueryOf } from '../../schemas/api/contract';
import type { companyCalls } from '../../schemas/api/company';
import { consigneeCalls } from '../../schemas/api/consignees';
import { CONSIGNEE_MSG } from '../../schemas/consignee';
import { ApiError, notFound, ok } from '../http/envelope';
import { route } from '../http/route';
import { partnerOwner, type Scope } from '../repos/scope-repository';
import { consigneeRepository } from '../repos/consignee-repository';
import { rowFailure } from '../rules/bulk-rows';
import { saveConsigneeRows, saveConsigneesAll } from '../rules/consignee-rows';
import { keepsGooglePlace } from '../rules/known-place-rows';
import { asksForPage, pageAsked, pagedOk } from '../http/paging';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/** Whose consignees a call is about (spec 002 section 6; see {@link partnerOwner}). */
const consigneeOwner = (q: Queryable, scope: Scope, partner: string | undefined) =>
  partnerOwner(q, scope, partner, CONSIGNEE_MSG.selectConsignor);

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
  if (asksForPage(query)) return pagedOk(await consigneeRepository.page(store, owner, pageAsked(query)));
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
        if (!keepsGooglePlace(body.place.google, stored.place.google))
          throw new ApiError(400, [CONSIGNEE_MSG.readOnly]);
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
