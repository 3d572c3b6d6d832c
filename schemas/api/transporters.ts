import type { FromSchema } from 'json-schema-to-ts';
import { AGGREGATES } from './aggregates';
import { defineCall, SCOPE_IN_QUERY } from './contract';
import { bool, list, none, shape, str, strOrNull } from './shapes';
import { scopeQuerySchema } from '../scope';
import { TRANSPORTER_TAKEN, logoSchema, transporterPatchSchema, transporterSchema } from '../transporter';

const transporters = { service: 'transporters', envelope: 'main' } as const;
/** A transporter addressed by its path id, in the company of the query. */
/** A transporter is the company's (transporters belong to no branch). */
const TRANSPORTER = AGGREGATES.transporter;
const ownsTransporter = [{ aggregate: TRANSPORTER, id: 'params.id' }] as const;

/** The transporter id in a path. */
export const transporterParamsSchema = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['id'],
} as const;

/** A transporter as the service answers it: its fields, and the address of its logo (null without one). */
export const transporterAnswer = shape({
  id: str,
  transporterName: str,
  branch: str,
  address: str,
  state: str,
  city: str,
  contactPerson: str,
  phoneNumber: str,
  active: bool,
  uid: str,
  logoUrl: strOrNull,
});

/** A transporter as the service answers it. */
export type Transporter = FromSchema<typeof transporterAnswer>;

/** A base64 logo of 1 MB is about 1.4 MB of JSON. */
const LOGO_BODY_LIMIT = 2 * 1024 * 1024;

/** The transporter service of the older screens (spec 000 section 2.9), with logos. */
export const transporterCalls = {
  list: defineCall({
    ...transporters,
    id: 'transporters.list',
    method: 'GET',
    path: '/transporters',
    summary: "The company's transporters",
    querystring: scopeQuerySchema,
    scope: SCOPE_IN_QUERY,
    answer: list(transporterAnswer),
  }),
  byId: defineCall({
    ...transporters,
    id: 'transporters.get',
    method: 'GET',
    path: '/transporters/:id',
    summary: 'One transporter',
    querystring: scopeQuerySchema,
    scope: SCOPE_IN_QUERY,
    owns: ownsTransporter,
    params: transporterParamsSchema,
    etag: true,
    answer: transporterAnswer,
  }),
  create: defineCall({
    ...transporters,
    id: 'transporters.create',
    method: 'POST',
    path: '/transporters',
    summary: 'Adds a transporter (logo as a data URL; 409 when the company has one of that name in that branch)',
    querystring: scopeQuerySchema,
    scope: SCOPE_IN_QUERY,
    body: transporterSchema,
    bodyLimit: LOGO_BODY_LIMIT,
    messages: [TRANSPORTER_TAKEN],
    answers: { 409: TRANSPORTER_TAKEN },
    etag: true,
    answer: transporterAnswer,
  }),
  update: defineCall({
    ...transporters,
    id: 'transporters.update',
    method: 'PATCH',
    path: '/transporters/:id',
    summary: 'Changes the fields sent (409 when that makes it the same name and branch as another)',
    querystring: scopeQuerySchema,
    scope: SCOPE_IN_QUERY,
    owns: ownsTransporter,
    params: transporterParamsSchema,
    body: transporterPatchSchema,
    bodyLimit: LOGO_BODY_LIMIT,
    messages: [TRANSPORTER_TAKEN],
    answers: { 409: TRANSPORTER_TAKEN },
    versioned: true,
    answer: transporterAnswer,
  }),
  remove: defineCall({
    ...transporters,
    id: 'transporters.delete',
    method: 'DELETE',
    path: '/transporters/:id',
    summary: 'Deletes a transporter',
    querystring: scopeQuerySchema,
    scope: SCOPE_IN_QUERY,
    owns: ownsTransporter,
    params: transporterParamsSchema,
    versioned: true,
    answer: none,
  }),
  logo: defineCall({
    ...transporters,
    id: 'transporters.logo',
    refers: { 'params.id': 'a public logo, read without any scope' },
    envelope: 'none',
    public: true,
    method: 'GET',
    path: '/transporters/:id/logo',
    summary: "A transporter's logo (public, for <img>)",
    params: transporterParamsSchema,
    produces: logoSchema.properties.type.enum,
  }),
};
