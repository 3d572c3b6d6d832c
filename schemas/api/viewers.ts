import type { FromSchema } from 'json-schema-to-ts';
import { defineCall, SCOPE_IN_QUERY } from './contract';
import { ANSWERS } from './answers';
import { anyJson, bool, int, list, num, shape, str, strOrNull } from './shapes';
import { CONSIGNEE_TYPES } from '../consignee';
import {
  VIEWER_MSG,
  argusQuerySchema,
  entityConfigParamsSchema,
  entityParamsSchema,
  entityScopeQuerySchema,
  ftToLegoBodySchema,
  partnersQuerySchema,
} from '../viewers';

/** The viewers' services (spec 002 section 7): alert config, config service, entity lookups; all answer {success, data, message[]}. */
const main = { service: 'main', envelope: 'main' } as const;

/** One of `values` (a text). */
const oneOfTexts = <const V extends readonly string[]>(values: V) => ({ type: 'string', enum: values }) as const;

/**
 * An object of fields a desk chose (an alert's settings, an extraContext element): any names, any JSON values. Named
 * `additionalProperties: true`, so that the serializer sends them all.
 */
const anyFields = { type: 'object', additionalProperties: true } as const;

const companyType = oneOfTexts(['CONSIGNOR', 'TRANSPORTER']);

/** One entity's alert configurations (FT's format): the company, branch and department, its entity id and alerts. */
export const argusEntityAnswer = shape({
  companyId: str,
  companyName: str,
  companyType,
  branchId: strOrNull,
  departmentId: strOrNull,
  fteid: str,
  /** Each alert's stored extraContext as the list of objects it holds. */
  alerts: list(shape({ featureKey: str, enabled: bool, extraContext: list(anyFields) })),
});

/** What the trip analytics apply for an alert on a trip of one length (server/rules/trip-alerts.ts AlertRules). */
export const alertRuleAnswer = shape({}, { levels: list(num), km: num, kmh: num, minutes: num, bufferMinutes: num });

/** An alert rule as the console's alert config shows it. */
export type AlertRuleAnswer = FromSchema<typeof alertRuleAnswer>;

/**
 * One alert in the console's alert config: enabled, whether it raises a ticket, its other settings (the rest of its
 * first extraContext element) and, for an enabled alert the trip analytics compute, the rules for a short, a mid and
 * a long trip.
 */
export const legoAlertAnswer = shape(
  { enabled: bool, ticketing: shape({ raise_ticket: bool }), settings: anyFields },
  { rules: shape({}, { short: alertRuleAnswer, mid: alertRuleAnswer, long: alertRuleAnswer }) },
);

/** One alert in the console's alert config. */
export type LegoAlert = FromSchema<typeof legoAlertAnswer>;

/** One entity's block of the console's alert config: the entity, and its alerts by feature key. */
const legoEntityAnswer = shape({
  entity: shape({ companyId: str, branchId: strOrNull, departmentId: strOrNull, fteid: str }),
  alerts: { type: 'object', additionalProperties: legoAlertAnswer },
});

/** The console's alert config: the consignor's block and the transporter's, for those sent. */
export const legoConfigAnswer = shape({}, { consignor: legoEntityAnswer, transporter: legoEntityAnswer });

/** The console's alert config. */
export type LegoConfig = FromSchema<typeof legoConfigAnswer>;

/** A company behind a company-level entity id: its branches (each with its entity id) and its partners' counts. */
export const viewerCompanyAnswer = shape({
  fteid: str,
  id: str,
  name: str,
  type: companyType,
  branches: list(shape({ id: str, name: str, fteid: str })),
  partners: shape({ consignors: int, transporters: int, consignees: int }),
});

/** A company as the viewer answers it. */
export type ViewerCompany = FromSchema<typeof viewerCompanyAnswer>;

/** A branch behind a branch-level entity id (its department's, for a department's id), with its departments. */
export const viewerBranchAnswer = shape({
  fteid: str,
  departmentId: strOrNull,
  id: str,
  name: str,
  company_id: str,
  company_name: str,
  departments: list(shape({ id: str, old_department_id: str, name: str })),
});

/** A branch as the viewer answers it. */
export type ViewerBranch = FromSchema<typeof viewerBranchAnswer>;

/** A consignee partner (CEE): the consignee's fields, its consignor (a transporter's) and its place. */
export const consigneePartnerAnswer = shape({
  partner_type: oneOfTexts(['CEE']),
  id: str,
  code: str,
  name: str,
  type: oneOfTexts(CONSIGNEE_TYPES),
  phone: str,
  email: str,
  consignorId: strOrNull,
  label: str,
  address: str,
  geofenceRadius: num,
});

/** A consignor (CNR) or transporter (TRN) partner: the company, and its entity id. */
export const companyPartnerAnswer = shape({
  partner_type: oneOfTexts(['CNR', 'TRN']),
  id: str,
  name: str,
  type: companyType,
  fteid: str,
});

/** A consignee partner. */
export type ConsigneePartner = FromSchema<typeof consigneePartnerAnswer>;
/** A consignor or transporter partner. */
export type CompanyPartner = FromSchema<typeof companyPartnerAnswer>;

/**
 * The calls of the three viewers of spec 002 section 2.7 (API.md "Viewers"); the entity id itself comes from
 * `company.fteid` (GET /v1/company/get-fteid). Each reads only; every company, branch and department they name must
 * exist and belong together (404), and an entity id must be one of the company in scope.
 */
export const viewerCalls = {
  argusConfig: defineCall({
    ...main,
    id: 'viewers.argusConfig',
    method: 'GET',
    path: '/v1/feature_permission/deprecated/argusconfig',
    summary:
      "The alert configurations of 1 or 2 entities (param: JSON list of {companyId, companyType, branchId, departmentId}), the branch's over the company's",
    querystring: argusQuerySchema,
    messages: [VIEWER_MSG.badParam, VIEWER_MSG.wrongType('{companyId}', '{companyType}')],
    answer: list(argusEntityAnswer),
  }),
  ftToLegoConfig: defineCall({
    ...main,
    id: 'viewers.ftToLegoConfig',
    method: 'POST',
    path: '/v1/ticketing/ft_to_lego_config',
    summary:
      "Turns argusconfig's answer into the console's alert config: per entity and alert, enabled, ticketing, settings and the rules the trip analytics apply",
    body: ftToLegoBodySchema,
    bodyLimit: 256 * 1024,
    messages: [VIEWER_MSG.wrongType('{companyId}', '{companyType}')],
    answers: { 404: ANSWERS.notFoundInBody },
    answer: legoConfigAnswer,
  }),
  entityConfig: defineCall({
    ...main,
    id: 'viewers.entityConfig',
    method: 'GET',
    path: '/v1/config/entity/:fteid/key/:configKey',
    summary:
      "The configuration stored under configKey for an entity of the company in scope (else its branch's, else the company's)",
    querystring: entityScopeQuerySchema,
    params: entityConfigParamsSchema,
    messages: [VIEWER_MSG.noConfig('{configKey}')],
    answer: shape({ entityId: str, configKey: str, config: anyJson, definedFor: str }),
    scope: SCOPE_IN_QUERY,
  }),
  company: defineCall({
    ...main,
    id: 'viewers.company',
    method: 'GET',
    path: '/v1/company/:fteid',
    summary: 'The company of a company-level entity id (the company in scope), with its branches and partner counts',
    querystring: entityScopeQuerySchema,
    params: entityParamsSchema,
    answer: viewerCompanyAnswer,
    scope: SCOPE_IN_QUERY,
  }),
  branch: defineCall({
    ...main,
    id: 'viewers.branch',
    method: 'GET',
    path: '/v1/branch/:fteid',
    summary: 'The branch of a branch-level entity id (BRH…) of the company in scope, with its departments',
    querystring: entityScopeQuerySchema,
    params: entityParamsSchema,
    answer: viewerBranchAnswer,
    scope: SCOPE_IN_QUERY,
  }),
  partners: defineCall({
    ...main,
    id: 'viewers.partners',
    method: 'GET',
    path: '/v1/company/morpheus-partners',
    summary:
      "A page of a company's partners (filter: JSON {c, partner_type CEE, CNR or TRN}; page from 1, size): data and pagination.total",
    querystring: partnersQuerySchema,
    messages: [VIEWER_MSG.badFilter, VIEWER_MSG.badPartnerType],
    answer: { anyOf: [list(consigneePartnerAnswer), list(companyPartnerAnswer)] },
    meta: { pagination: shape({ total: int, page: int, size: int }) },
  }),
};
