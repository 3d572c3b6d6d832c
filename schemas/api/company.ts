import { defineCall } from './contract';
import { scopeQuerySchema } from '../scope';
import {
  branchDepartmentsQuerySchema, branchSearchQuerySchema, companySearchQuerySchema, departmentsQuerySchema, placeSearchQuerySchema,
} from '../lookup';
import { MSG } from '../messages';
import { partnerFetchQuerySchema } from '../partner';

const main = { service: 'main', envelope: 'main' } as const;

/**
 * The main API's company look-ups of spec 000 section 7: the filter bar's searches, partners, the scope's entity
 * ids, the place search and the permission check. Apart from the master data (`main.ts`), so the shell that uses them
 * does not load the master screens' schemas.
 */
export const companyCalls = {
  companySearch: defineCall({ ...main, id: 'company.search', method: 'GET', path: '/saas/lego/company/search', summary: 'Companies whose name matches q (3 characters or more)', querystring: companySearchQuerySchema }),
  branchSearch: defineCall({ ...main, id: 'company.branchSearch', method: 'GET', path: '/saas/lego/company/branch_search', summary: "A company's branches matching q", querystring: branchSearchQuerySchema }),
  departments: defineCall({ ...main, id: 'company.departments', method: 'GET', path: '/saas/lego/company/departments', summary: "A branch's departments", querystring: departmentsQuerySchema }),
  branchDepartments: defineCall({ ...main, id: 'company.branchDepartments', method: 'GET', path: '/saas/lego/company/branch_departments', summary: "A branch's departments, by branch id", querystring: branchDepartmentsQuerySchema }),
  partners: defineCall({ ...main, id: 'company.partners', method: 'GET', path: '/saas/lego/company_partners/fetch', summary: "The company's partner companies of type pt (CONSIGNOR, TRANSPORTER); with pt=CONSIGNEE its consignees (a TRANSPORTER's for the consignor partnerId), one by id with its ETag, or with q, page, size, sort or order one page and their total", querystring: partnerFetchQuerySchema, messages: [MSG.selectConsignor] }),
  cbdt: defineCall({ ...main, id: 'company.cbdt', method: 'GET', path: '/saas/lego/cbdt', summary: "The report service's entity of the scope", querystring: scopeQuerySchema }),
  fteid: defineCall({ ...main, id: 'company.fteid', method: 'GET', path: '/v1/company/get-fteid', summary: 'The FT entity id of the scope', querystring: scopeQuerySchema }),
  permissions: defineCall({ ...main, id: 'access.permissions', method: 'GET', path: '/v1/accessControl/permissions', summary: "The desk's permission masks (spec 000 section 6)" }),
  placeSearch: defineCall({ ...main, id: 'places.search', method: 'GET', path: '/saas/lego/company_places/search', summary: "The company's known places matching q", querystring: placeSearchQuerySchema }),
};
