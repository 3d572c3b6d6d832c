import type { FastifyInstance } from 'fastify';
import { companyCalls } from '../../schemas/api/company';
import { placeCalls } from '../../schemas/api/places';
import { KNOWN_PLACE_MSG } from '../../schemas/known-place';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { partnerOwner, type Scope } from '../repos/scope-repository';
import { placeRepository } from '../repos/place-repository';
import { savePlaceRows, savePlacesAll } from '../rules/known-place-rows';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/** Whose places a call is about (see {@link partnerOwner}). */
const placeOwner = (q: Queryable, scope: Scope, partner: string | undefined) =>
  partnerOwner(q, scope, partner, KNOWN_PLACE_MSG.selectConsignor);

/**
 * Known places (spec 000 sections 2.10 and 7): the company look-up's search, and the create (the form's all or none,
 * or the bulk sheet's answer per row). The 30 km rule and the per-row answers live in server/rules/known-place-rows.ts;
 * the fetch, update and delete are built from the declaration (schemas/resources/known-places.ts,
 * server/routes/resources.ts).
 */
export async function placeRoutes(app: FastifyInstance, { store, geocoder }: AppContext) {
  route(app, companyCalls.placeSearch, async ({ query, scope }) =>
    ok(await placeRepository.search(store, scope.companyId, query.q ?? '', query.children === true)),
  );

  route(app, placeCalls.placeCreate, async ({ query, scope, body, desk }) => {
    const owner = await placeOwner(store, scope, query.partnerId);
    if (query.bulkUpload)
      return ok(await savePlaceRows(store, geocoder, owner, body, query.allOrNone ?? false, desk.email));
    return ok(await savePlacesAll(store, geocoder, owner, body, desk.email));
  });
}
