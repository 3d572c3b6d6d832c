import type { FastifyInstance } from 'fastify';
import { companyCalls } from '../../schemas/api/company';
import { placeCalls } from '../../schemas/api/places';
import { KNOWN_PLACE_MSG } from '../../schemas/known-place';
import { ApiError, notFound, ok } from '../http/envelope';
import { route } from '../http/route';
import { partnerOwner, type Scope } from '../repos/scope-repository';
import { placeRepository } from '../repos/place-repository';
import { rowFailure } from '../rules/bulk-rows';
import { keepsGooglePlace, savePlaceRows, savePlacesAll, sheetText } from '../rules/known-place-rows';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';
import { asksForPage, pageAsked, pagedOk } from '../http/paging';

/** Whose places a call is about (see {@link partnerOwner}). */
const placeOwner = (q: Queryable, scope: Scope, partner: string | undefined) =>
  partnerOwner(q, scope, partner, KNOWN_PLACE_MSG.selectConsignor);

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
    if (asksForPage(query)) return pagedOk(await placeRepository.page(store, owner, pageAsked(query)));
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
        if (!keepsGooglePlace(body.google, stored.google)) throw new ApiError(400, [KNOWN_PLACE_MSG.readOnly]);
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
