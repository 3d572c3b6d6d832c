import type { FromSchema } from 'json-schema-to-ts';
import { AGGREGATES } from './aggregates';
import { defineCall, SCOPE_IN_QUERY } from './contract';
import { REASONS } from './refers';
import { int, list, none, shape } from './shapes';
import {
  AP_MSG,
  AP_TYPES,
  apConfigBodySchema,
  apIdParamsSchema,
  apListQuerySchema,
  apScopeQuerySchema,
} from '../ap-config';

/** The AP config service answers as the main API does ({success, data, message[]}); its own family, base '' here. */
const ap = { service: 'ap', envelope: 'main' } as const;
/** An AP config belongs to its company (no branch): checked before a handler runs. */
const AP_CONFIG = AGGREGATES.apConfig;
const ownsApConfig = [{ aggregate: AP_CONFIG, id: 'params.id' }] as const;

/**
 * A JSON object of any fields, sent as it is: `additionalProperties: true` keeps its fields when Fastify serializes
 * the answer (`{type: 'object'}` alone would send `{}`).
 */
const jsonObject = { type: 'object', additionalProperties: true } as const;

/** An AP config as the service answers it: its ids, its type and the JSON object of its value. */
export const apConfigAnswer = shape({
  id: int,
  cbdt_id: int,
  partner_cbdt_id: int,
  type: { type: 'string', enum: AP_TYPES },
  value: jsonObject,
});
/** An AP config as the service answers it. */
export type ApConfig = FromSchema<typeof apConfigAnswer>;

/** A page of the list: how many configs the company has in all, and the page's. */
export const apPageAnswer = shape({ total: int, data: list(apConfigAnswer) });
/** A page of the list. */
export type ApConfigPage = FromSchema<typeof apPageAnswer>;

/** A value of 16,000 characters with its ids fits many times over; larger bodies get 413. */
const AP_BODY_LIMIT = 64 * 1024;

/**
 * The AP config service of spec 002 section 7: a zero-based page of the company's AP configs, one by id, create,
 * update and delete. Every call names the company in scope (c, b, d, t); another company's id is 404.
 */
export const apCalls = {
  list: defineCall({
    ...ap,
    id: 'ap.list',
    method: 'GET',
    path: '/saas/v1/ap/config/fetch/all',
    summary:
      "A page of the company's AP configs (page_number from 0, page_size rows): data.total and data.data, newest first",
    querystring: apListQuerySchema,
    answer: apPageAnswer,
    scope: SCOPE_IN_QUERY,
  }),
  get: defineCall({
    ...ap,
    id: 'ap.get',
    owns: ownsApConfig,
    etag: true,
    method: 'GET',
    path: '/saas/v1/ap/config/:id',
    summary: 'One AP config of the company, with its ETag',
    querystring: apScopeQuerySchema,
    params: apIdParamsSchema,
    answer: apConfigAnswer,
    scope: SCOPE_IN_QUERY,
  }),
  create: defineCall({
    ...ap,
    id: 'ap.create',
    refers: { 'body.cbdt_id': REASONS.apCompany, 'body.partner_cbdt_id': REASONS.apPartner },
    etag: true,
    method: 'POST',
    path: '/saas/v1/ap/config',
    summary:
      'Adds an AP config (cbdt_id the company in scope, partner_cbdt_id 0 or one of its partners, value a JSON object; 409 when the company has one of that type for that CBDT id and partner)',
    querystring: apScopeQuerySchema,
    body: apConfigBodySchema,
    bodyLimit: AP_BODY_LIMIT,
    messages: [AP_MSG.cbdtNotCompany, AP_MSG.partnerUnknown, AP_MSG.valueTooLarge, AP_MSG.exists],
    answers: { 409: AP_MSG.exists },
    answer: apConfigAnswer,
    scope: SCOPE_IN_QUERY,
  }),
  update: defineCall({
    ...ap,
    id: 'ap.update',
    refers: { 'body.cbdt_id': REASONS.apCompany, 'body.partner_cbdt_id': REASONS.apPartner },
    owns: ownsApConfig,
    method: 'PUT',
    path: '/saas/v1/ap/config/:id',
    summary:
      'Replaces an AP config (a stale If-Match gets 412; 409 when that makes it the same type, CBDT id and partner as another)',
    querystring: apScopeQuerySchema,
    params: apIdParamsSchema,
    body: apConfigBodySchema,
    bodyLimit: AP_BODY_LIMIT,
    messages: [AP_MSG.cbdtNotCompany, AP_MSG.partnerUnknown, AP_MSG.valueTooLarge, AP_MSG.exists],
    answers: { 409: AP_MSG.exists },
    versioned: true,
    answer: apConfigAnswer,
    scope: SCOPE_IN_QUERY,
  }),
  remove: defineCall({
    ...ap,
    id: 'ap.delete',
    owns: ownsApConfig,
    method: 'DELETE',
    path: '/saas/v1/ap/config/:id',
    summary: 'Deletes an AP config (a stale If-Match gets 412)',
    querystring: apScopeQuerySchema,
    params: apIdParamsSchema,
    versioned: true,
    answer: none,
    scope: SCOPE_IN_QUERY,
  }),
};
