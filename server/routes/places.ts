import type { FastifyInstance } from 'fastify';
import { companyCalls } from '../../schemas/api/company';
import { placeCalls } from '../../schemas/api/places';
import { KNOWN_PLACE_MSG } from '../../schemas/known-place';
import { ApiError, notFound, ok } from '../http/envelope';
import { route } from '../http/route';
import { ensurePartner, type Scope } from '../repos/scope-repository';
import { placeRepository, type PlaceOwner } from '../repos/place-repository';
import { rowFailure } from '../rules/bulk-rows';
import { savePlaceRows, savePlacesAll, sheetText } from '../rules/known-place-rows';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/**
 * Whose places a call is about (API.md "Known places"): the company in scope (resolved before the handler, its
 * contract's `scope`) and, for a TRANSPORTER, the consignor it keeps them for ('Please select a consignor to proceed'
 * without one). A partnerId must be one of the company's partners (a consignor, for a TRANSPORTER), else 404 like any
 * id out of reach.
 */
async function placeOwner(q: Queryable, scope: Scope, partner: string | undefined): Promise<PlaceOwner> {
  const partnerId = partner || null;
  if (scope.companyType === 'TRANSPORTER' && !partnerId) throw new ApiError(400, [KNOWN_PLACE_MSG.selectConsignor]);
  if (partnerId)
    await ensurePartner(q, scope.companyId, partnerId, scope.companyType === 'TRANSPORTER' ? 'CONSIGNOR' : undefined);
  return { companyId: scope.companyId, partnerId };
}

/** Whether coordinates sent (if any) are the stored ones: the edit form sends back what it read. */
const samePoint = (sent?: { lat: number; lng: number }, stored?: { lat: number; lng: number }) =>
  !sent || (!!stored && sent.lat === stored.lat && sent.lng === stored.lng);

/**
 * Known places (spec 000 sections 2.10 and 7): search, fetch (all, one page, or one), create (the form's all or
 * none, or the bulk sheet's answer per row), update and delete. The 30 km rule and the per-row answers live in
 * server/rules/known-place-rows.ts.
 */
export async function placeRoutes(app: FastifyInstance, { store, geocoder }: AppContext) {
  route(app, companyCalls.placeSearch, async ({ query, scope }) =>
    ok(await placeRepository.search(store, scope.companyId, query.q ?? '', query.children === true)),
  );

  route(app, placeCalls.placeFetch, async ({ query, scope }) => {
    const owner = await placeOwner(store, scope, query.partnerId);
    if (query.cpId) {
      const place = await placeRepository.byId(store, owner, query.cpId);
      if (!place) throw notFound();
      // A list of one; the place's version travels as the ETag (API.md "Lost updates").
      return ok([place]);
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
      const { data, total, estimated, next, prev } = await placeRepository.page(store, owner, {
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
    return ok(await placeRepository.list(store, owner));
  });

  route(app, placeCalls.placeCreate, async ({ query, scope, body, desk }) => {
    const owner = await placeOwner(store, scope, query.partnerId);
    if (query.bulkUpload)
      return ok(await savePlaceRows(store, geocoder, owner, body, query.allOrNone ?? false, desk.email));
    return ok(await savePlacesAll(store, geocoder, owner, body, desk.email));
  });

  // An update with a stale If-Match changes nothing: 412 (API.md "Lost updates").
  route(app, placeCalls.placeUpdate, async ({ query, scope, body, desk, expected }) =>
    ok(
      await store.tx(async (q) => {
        const owner = await placeOwner(q, scope, body.partnerId || query.partnerId);
        const stored = await placeRepository.byId(q, owner, body.cpId);
        if (!stored) throw notFound();
        // Edit mode shows the Google address and coordinates read-only: a body that changes them is refused.
        const google = body.google;
        if (
          google &&
          (google.place_id !== stored.google.place_id ||
            !samePoint(google.geometry?.location, stored.google.geometry?.location))
        ) {
          throw new ApiError(400, [KNOWN_PLACE_MSG.readOnly]);
        }
        const edit = {
          label: body.label.trim(),
          address: body.address.trim(),
          cpCode: body.cpCode.trim(),
          geofenceRadius: body.geofenceRadius,
        };
        let updated: Awaited<ReturnType<typeof placeRepository.update>>;
        try {
          updated = await placeRepository.update(q, owner, body.cpId, edit, desk.email, expected);
        } catch (err) {
          throw new ApiError(400, [sheetText(rowFailure(err, KNOWN_PLACE_MSG.duplicateCode))]);
        }
        return updated;
      }),
    ),
  );

  route(app, placeCalls.placeDelete, async ({ query, scope }) => {
    await store.tx(async (q) => {
      if (!(await placeRepository.remove(q, await placeOwner(q, scope, query.partnerId), query.cpId))) throw notFound();
    });
    return ok(null);
  });
}
