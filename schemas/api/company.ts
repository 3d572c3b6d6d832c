import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { answering, defineCall, SCOPE_IN_QUERY } from './contract';
import { CONSIGNEE, PARTNER, REASONS } from './refers';
import { int, list, none, shape, str, strOrNull } from './shapes';
import { scopeQuerySchema } from '../scope';
import {
  branchDepartmentsQuerySchema,
  branchSearchQuerySchema,
  companySearchQuerySchema,
  departmentsQuerySchema,
  placeSearchQuerySchema,
} from '../lookup';
import { MSG } from '../messages';
import { estimatedMeta, cursorMeta } from '../list-cursor';
import { partnerFetchQuerySchema } from '../partner';

import { type Consignee, consigneeAnswer } from './embedded';

const main = { service: 'main', envelope: 'main' } as const;

/** A company as the search finds it. */
export const companyAnswer = shape({
  id: str,
  name: str,
  type: { type: 'string', enum: ['CONSIGNOR', 'TRANSPORTER'] },
});

/** A company as the search finds it. */
export type Company = FromSchema<typeof companyAnswer>;

/** A department as the look-ups answer it. */
export const departmentAnswer = shape({ id: str, old_department_id: str, name: str });

/** A department as the look-ups answer it. */
export type Department = FromSchema<typeof departmentAnswer>;

/** A branch as the branch search finds it, with its departments. */
export const branchAnswer = shape({ old_branch_id: str, name: str, departments: list(departmentAnswer) });

/** A branch as the branch search finds it. */
export type Branch = FromSchema<typeof branchAnswer>;

/** A partner company, with the scope a screen of it takes (cbdt.c its own id). */
export const partnerAnswer = shape({
  id: str,
  name: str,
  type: str,
  cbdt: shape({ c: str, b: none, d: none }),
});

/** A partner company. */
export type PartnerAnswer = FromSchema<typeof partnerAnswer>;

/** The partners fetch: the partner companies, or (pt=CONSIGNEE) the consignees. */
const partnersAnswer = { anyOf: [list(partnerAnswer), list(consigneeAnswer)] } as const satisfies JSONSchema;

/** What the partners fetch answers, typed (the consignee's schema is built from its declaration). */
type PartnersAnswer = PartnerAnswer[] | Consignee[];

/** The report service's entity of a scope, with the scope. */
export const cbdtAnswer = shape({
  id: str,
  company_id: str,
  branch_id: { ...strOrNull, description: 'The branch chosen; null for the whole company' },
  department_id: { ...strOrNull, description: 'The department chosen; null for the whole branch or company' },
});

/** A permission record with its masks (spec 000 section 6). */
export const permissionAnswer = shape({
  permission_id: str,
  name: str,
  permission_type: { type: 'string', enum: ['CD', 'U', 'R'] },
  permission_create_mask: str,
  permission_update_mask: str,
  permission_read_mask: str,
});

/** A permission record. */
export type Permission = FromSchema<typeof permissionAnswer>;

/** A known place as the place search finds it. */
export const placeSearchAnswer = shape({ cpId: str, cpCode: str, label: str, address: str });

/** A known place as the place search finds it. */
export type PlaceSearchHit = FromSchema<typeof placeSearchAnswer>;

/**
 * The main API's company look-ups of spec 000 section 7: the filter bar's searches, partners, the scope's entity
 * ids, the place search and the permission check. Apart from the master data (`main.ts`), so the shell that uses them
 * does not load the master screens' schemas.
 */
export const companyCalls = {
  companySearch: defineCall({
    ...main,
    id: 'company.search',
    method: 'GET',
    path: '/saas/lego/company/search',
    summary: 'Companies whose name matches q (3 characters or more)',
    querystring: companySearchQuerySchema,
    answer: list(companyAnswer),
  }),
  branchSearch: defineCall({
    ...main,
    id: 'company.branchSearch',
    refers: { 'query.cId': REASONS.searchedCompany },
    method: 'GET',
    path: '/saas/lego/company/branch_search',
    summary: "A company's branches matching q",
    querystring: branchSearchQuerySchema,
    answer: list(branchAnswer),
  }),
  departments: defineCall({
    ...main,
    id: 'company.departments',
    method: 'GET',
    path: '/saas/lego/company/departments',
    summary: "A branch's departments",
    querystring: departmentsQuerySchema,
    answer: list(departmentAnswer),
    scope: { in: 'query', c: 'cId', b: 'bId' },
  }),
  branchDepartments: defineCall({
    ...main,
    id: 'company.branchDepartments',
    refers: { 'query.id': 'names a branch (whose departments it lists), not a record of one' },
    method: 'GET',
    path: '/saas/lego/company/branch_departments',
    summary: "A branch's departments, by branch id",
    querystring: branchDepartmentsQuerySchema,
    answer: list(departmentAnswer),
  }),
  partners: answering<PartnersAnswer>()({
    ...main,
    id: 'company.partners',
    refers: { 'query.id': CONSIGNEE, 'query.partnerId': PARTNER },
    // With pt=CONSIGNEE and an id: the one consignee, its version as the ETag.
    etag: true,
    method: 'GET',
    path: '/saas/lego/company_partners/fetch',
    summary:
      "The company's partner companies of type pt (CONSIGNOR, TRANSPORTER), with q or id a select's page of them (at most 50 by name, those whose name contains q, or the one id names); with pt=CONSIGNEE its consignees (a TRANSPORTER's for the consignor partnerId), one by id with its ETag, or with q, page, size, sort, order or after one page, the cursor of the next and (by page number) their total",
    querystring: partnerFetchQuerySchema,
    messages: [MSG.selectConsignor],
    answer: partnersAnswer,
    meta: {
      total: { ...int, description: 'How many consignees match (pt=CONSIGNEE, a page read by number only)' },
      ...estimatedMeta,
      ...cursorMeta,
    },
    scope: SCOPE_IN_QUERY,
  }),
  cbdt: defineCall({
    ...main,
    id: 'company.cbdt',
    method: 'GET',
    path: '/saas/lego/cbdt',
    summary: "The report service's entity of the scope",
    querystring: scopeQuerySchema,
    answer: cbdtAnswer,
    scope: SCOPE_IN_QUERY,
  }),
  fteid: defineCall({
    ...main,
    id: 'company.fteid',
    method: 'GET',
    path: '/v1/company/get-fteid',
    summary: 'The FT entity id of the scope',
    querystring: scopeQuerySchema,
    answer: shape({ fteid: str }),
    scope: SCOPE_IN_QUERY,
  }),
  permissions: defineCall({
    ...main,
    id: 'access.permissions',
    method: 'GET',
    path: '/v1/accessControl/permissions',
    summary: "The desk's permission masks (spec 000 section 6)",
    answer: list(permissionAnswer),
  }),
  placeSearch: defineCall({
    ...main,
    id: 'places.search',
    method: 'GET',
    path: '/saas/lego/company_places/search',
    summary: "The company's known places matching q",
    querystring: placeSearchQuerySchema,
    answer: list(placeSearchAnswer),
    scope: SCOPE_IN_QUERY,
  }),
};
