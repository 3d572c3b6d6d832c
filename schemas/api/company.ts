import { defineCall } from './contract';
import { scopeQuerySchema } from '../scope';
import {
  branchDepartmentsQuerySchema, branchSearchQuerySchema, companySearchQuerySchema, departmentsQuerySchema, placeSearchQuerySchema,
} from '../lookup';
import {
  KNOWN_PLACE_MSG, knownPlaceCreateBodySchema, knownPlaceCreateQuerySchema, knownPlaceDeleteQuerySchema, knownPlaceFetchQuerySchema,
  knownPlaceUpdateBodySchema, knownPlaceUpdateQuerySchema,
} from '../known-place';
import { BULK_TEXT } from '../bulk-rows';
import { CONSIGNEE_MSG, partnerFetchQuerySchema } from '../consignee';

const main = { service: 'main', envelope: 'main' } as const;

/** A bulk create of 600 known places (some 2 KB each at the most) fits; larger bodies get 413. */
const PLACES_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * The main API's company look-ups of spec 000 section 7: the filter bar's searches, partners, the scope's entity
 * ids, known places and the permission check. Apart from the master data (`main.ts`), so the shell that uses them
 * does not load the master screens' schemas.
 */
export const companyCalls = {
  companySearch: defineCall({ ...main, id: 'company.search', method: 'GET', path: '/saas/lego/company/search', summary: 'Companies whose name matches q (3 characters or more)', querystring: companySearchQuerySchema }),
  branchSearch: defineCall({ ...main, id: 'company.branchSearch', method: 'GET', path: '/saas/lego/company/branch_search', summary: "A company's branches matching q", querystring: branchSearchQuerySchema }),
  departments: defineCall({ ...main, id: 'company.departments', method: 'GET', path: '/saas/lego/company/departments', summary: "A branch's departments", querystring: departmentsQuerySchema }),
  branchDepartments: defineCall({ ...main, id: 'company.branchDepartments', method: 'GET', path: '/saas/lego/company/branch_departments', summary: "A branch's departments, by branch id", querystring: branchDepartmentsQuerySchema }),
  partners: defineCall({ ...main, id: 'company.partners', method: 'GET', path: '/saas/lego/company_partners/fetch', summary: "The company's partner companies of type pt (CONSIGNOR, TRANSPORTER); with pt=CONSIGNEE its consignees (a TRANSPORTER's for the consignor partnerId), one by id with its ETag, or with q, page or size one page and their total", querystring: partnerFetchQuerySchema, messages: [CONSIGNEE_MSG.selectConsignor] }),
  cbdt: defineCall({ ...main, id: 'company.cbdt', method: 'GET', path: '/saas/lego/cbdt', summary: "The report service's entity of the scope", querystring: scopeQuerySchema }),
  fteid: defineCall({ ...main, id: 'company.fteid', method: 'GET', path: '/v1/company/get-fteid', summary: 'The FT entity id of the scope', querystring: scopeQuerySchema }),
  permissions: defineCall({ ...main, id: 'access.permissions', method: 'GET', path: '/v1/accessControl/permissions', summary: "The desk's permission masks (spec 000 section 6)" }),
  placeSearch: defineCall({ ...main, id: 'places.search', method: 'GET', path: '/saas/lego/company_places/search', summary: "The company's known places matching q", querystring: placeSearchQuerySchema }),
  placeFetch: defineCall({ ...main, id: 'places.fetch', method: 'GET', path: '/saas/lego/company_places/fetch', summary: "The scope's known places (a TRANSPORTER's for the consignor partnerId), or one by cpId; with q, page or size one page of them and their total", querystring: knownPlaceFetchQuerySchema, messages: [KNOWN_PLACE_MSG.selectConsignor] }),
  placeCreate: defineCall({ ...main, id: 'places.create', method: 'POST', path: '/saas/lego/company_places/create', summary: 'Creates known places: all or a 400 naming the bad rows; with bulkUpload=true one answer per row ({cpId} or its error texts)', querystring: knownPlaceCreateQuerySchema, body: knownPlaceCreateBodySchema, bodyLimit: PLACES_BODY_LIMIT, messages: [KNOWN_PLACE_MSG.selectConsignor, KNOWN_PLACE_MSG.tooFar, KNOWN_PLACE_MSG.duplicateCode, BULK_TEXT.unstorable] }),
  placeUpdate: defineCall({ ...main, id: 'places.update', method: 'POST', path: '/saas/lego/company_places/update', summary: "Updates a known place's label, address, code and geofence radius (its Google address and coordinates stay)", querystring: knownPlaceUpdateQuerySchema, body: knownPlaceUpdateBodySchema, messages: [KNOWN_PLACE_MSG.selectConsignor, KNOWN_PLACE_MSG.readOnly, KNOWN_PLACE_MSG.duplicateCode] }),
  placeDelete: defineCall({ ...main, id: 'places.delete', method: 'DELETE', path: '/saas/lego/company_places/delete', summary: 'Deletes a known place', querystring: knownPlaceDeleteQuerySchema, messages: [KNOWN_PLACE_MSG.selectConsignor] }),
};
