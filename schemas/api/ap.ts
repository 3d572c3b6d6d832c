import { defineCall } from './contract';
import { ANSWERS } from './answers';
import { AP_MSG, apConfigBodySchema, apIdParamsSchema, apListQuerySchema, apScopeQuerySchema } from '../ap-config';

/** The AP config service answers as the main API does ({success, data, message[]}); its own family, base '' here. */
const ap = { service: 'ap', envelope: 'main' } as const;

/** A value of 16,000 characters with its ids fits many times over; larger bodies get 413. */
const AP_BODY_LIMIT = 64 * 1024;

/**
 * The AP config service of spec 002 section 7: a zero-based page of the company's AP configs, one by id, create,
 * update and delete. Every call names the company in scope (c, b, d, t); another company's id is 404.
 */
export const apCalls = {
  list: defineCall({ ...ap, id: 'ap.list', method: 'GET', path: '/saas/v1/ap/config/fetch/all', summary: "A page of the company's AP configs (page_number from 0, page_size rows): data.total and data.data, newest first", querystring: apListQuerySchema }),
  get: defineCall({ ...ap, id: 'ap.get', method: 'GET', path: '/saas/v1/ap/config/:id', summary: 'One AP config of the company, with its ETag', querystring: apScopeQuerySchema, params: apIdParamsSchema }),
  create: defineCall({ ...ap, id: 'ap.create', method: 'POST', path: '/saas/v1/ap/config', summary: 'Adds an AP config (cbdt_id the company in scope, partner_cbdt_id 0 or one of its partners, value a JSON object; 409 when the company has one of that type for that CBDT id and partner)', querystring: apScopeQuerySchema, body: apConfigBodySchema, bodyLimit: AP_BODY_LIMIT, messages: [AP_MSG.cbdtNotCompany, AP_MSG.partnerUnknown, AP_MSG.valueTooLarge, AP_MSG.exists], answers: { 409: AP_MSG.exists } }),
  update: defineCall({ ...ap, id: 'ap.update', method: 'PUT', path: '/saas/v1/ap/config/:id', summary: 'Replaces an AP config (a stale If-Match gets 412; 409 when that makes it the same type, CBDT id and partner as another)', querystring: apScopeQuerySchema, params: apIdParamsSchema, body: apConfigBodySchema, bodyLimit: AP_BODY_LIMIT, messages: [AP_MSG.cbdtNotCompany, AP_MSG.partnerUnknown, AP_MSG.valueTooLarge, AP_MSG.exists], answers: { 409: AP_MSG.exists, 412: ANSWERS.stale } }),
  remove: defineCall({ ...ap, id: 'ap.delete', method: 'DELETE', path: '/saas/v1/ap/config/:id', summary: 'Deletes an AP config (a stale If-Match gets 412)', querystring: apScopeQuerySchema, params: apIdParamsSchema, answers: { 412: ANSWERS.stale } }),
};
