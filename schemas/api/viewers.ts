import { defineCall } from './contract';
import { ANSWERS } from './answers';
import {
  VIEWER_MSG, argusQuerySchema, entityConfigParamsSchema, entityParamsSchema, entityScopeQuerySchema, ftToLegoBodySchema, partnersQuerySchema,
} from '../viewers';

/** The viewers' services (spec 002 section 7): alert config, config service, entity lookups; all answer {success, data, message[]}. */
const main = { service: 'main', envelope: 'main' } as const;

/**
 * The calls of the three viewers of spec 002 section 2.7 (API.md "Viewers"); the entity id itself comes from
 * `company.fteid` (GET /v1/company/get-fteid). Each reads only; every company, branch and department they name must
 * exist and belong together (404), and an entity id must be one of the company in scope.
 */
export const viewerCalls = {
  argusConfig: defineCall({ ...main, id: 'viewers.argusConfig', method: 'GET', path: '/v1/feature_permission/deprecated/argusconfig', summary: 'The alert configurations of 1 or 2 entities (param: JSON list of {companyId, companyType, branchId, departmentId}), the branch\'s over the company\'s', querystring: argusQuerySchema, messages: [VIEWER_MSG.badParam, VIEWER_MSG.wrongType('{companyId}', '{companyType}')] }),
  ftToLegoConfig: defineCall({ ...main, id: 'viewers.ftToLegoConfig', method: 'POST', path: '/v1/ticketing/ft_to_lego_config', summary: "Turns argusconfig's answer into the console's alert config: per entity and alert, enabled, ticketing, settings and the rules the trip analytics apply", body: ftToLegoBodySchema, bodyLimit: 256 * 1024, messages: [VIEWER_MSG.wrongType('{companyId}', '{companyType}')], answers: { 404: ANSWERS.notFoundInBody } }),
  entityConfig: defineCall({ ...main, id: 'viewers.entityConfig', method: 'GET', path: '/v1/config/entity/:fteid/key/:configKey', summary: "The configuration stored under configKey for an entity of the company in scope (else its branch's, else the company's)", querystring: entityScopeQuerySchema, params: entityConfigParamsSchema, messages: [VIEWER_MSG.noConfig('{configKey}')] }),
  company: defineCall({ ...main, id: 'viewers.company', method: 'GET', path: '/v1/company/:fteid', summary: 'The company of a company-level entity id (the company in scope), with its branches and partner counts', querystring: entityScopeQuerySchema, params: entityParamsSchema }),
  branch: defineCall({ ...main, id: 'viewers.branch', method: 'GET', path: '/v1/branch/:fteid', summary: 'The branch of a branch-level entity id (BRH…) of the company in scope, with its departments', querystring: entityScopeQuerySchema, params: entityParamsSchema }),
  partners: defineCall({ ...main, id: 'viewers.partners', method: 'GET', path: '/v1/company/morpheus-partners', summary: "A page of a company's partners (filter: JSON {c, partner_type CEE, CNR or TRN}; page from 1, size): data and pagination.total", querystring: partnersQuerySchema, messages: [VIEWER_MSG.badFilter, VIEWER_MSG.badPartnerType] }),
};
