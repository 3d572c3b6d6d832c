import type { FastifyInstance } from 'fastify';
import type { QueryOf } from '../../schemas/api/contract';
import type { companyCalls } from '../../schemas/api/company';
import { consigneeCalls } from '../../schemas/api/consignees';
import { CONSIGNEE_MSG } from '../../schemas/consignee';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { partnerOwner, type Scope } from '../repos/scope-repository';
import { typedRecords } from '../repos/resource-table';
import { consignees } from '../../schemas/resources/consignees';
import { saveConsigneeRows, saveConsigneesAll } from '../rules/consignee-rows';
import { asksForPage, pageAsked, pagedOk } from '../http/paging';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/** Whose consignees a call is about (spec 002 section 6; see {@link partnerOwner}). */
const consigneeOwner = (q: Queryable, scope: Scope, partner: string | undefined) =>
  partnerOwner(q, scope, partner, CONSIGNEE_MSG.selectConsignor);

/** The consignees' SQL, from their declaration. */
const CONSIGNEES = typedRecords(consignees);

/**
 * GET company_partners/fetch with pt=CONSIGNEE (the partners look-up dispatches here): the scope's consignees, newest
 * first; one by id (a list of one, its version as the ETag); or with q, page, size, sort, order or after one page, the
 * cursor of the next and (by page number) the total.
 */
export async function fetchConsignees(store: Queryable, scope: Scope, query: QueryOf<typeof companyCalls.partners>) {
  const { partnerId: owner } = await consigneeOwner(store, scope, query.partnerId);
  // A consignee of another owner (or none of that id) is out of reach: 404.
  if (query.id) return ok([await CONSIGNEES.read(store, query.id, { ...scope, owner })]);
  if (asksForPage(query)) return pagedOk(await CONSIGNEES.page(store, { ...scope, owner }, pageAsked(query)));
  return ok(await CONSIGNEES.all(store, { ...scope, owner }));
}

/**
 * Consignees (spec 002 sections 2.2 and 7): the create (the form's all or none, or the bulk sheet's answer per row).
 * Their fetch is the partners look-up (server/routes/lookups.ts, above); their update and delete are built from the
 * declaration (schemas/resources/consignees.ts, server/routes/resources.ts).
 */
export async function consigneeRoutes(app: FastifyInstance, { store, geocoder }: AppContext) {
  route(app, consigneeCalls.create, async ({ query, scope, body, desk }) => {
    const owner = await consigneeOwner(store, scope, query.partnerId);
    if (query.bulkUpload)
      return ok(await saveConsigneeRows(store, geocoder, owner, body, query.allOrNone ?? false, desk.email));
    return ok(await saveConsigneesAll(store, geocoder, owner, body, desk.email));
  });
}
