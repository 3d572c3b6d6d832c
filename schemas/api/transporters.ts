import { defineCall } from './contract';
import { ANSWERS } from './answers';
import { scopeQuerySchema } from '../scope';
import { TRANSPORTER_TAKEN, logoSchema, transporterPatchSchema, transporterSchema } from '../transporter';

const transporters = { service: 'transporters', envelope: 'main' } as const;

/** The transporter id in a path. */
export const transporterParamsSchema = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['id'],
} as const;

/** A base64 logo of 1 MB is about 1.4 MB of JSON. */
const LOGO_BODY_LIMIT = 2 * 1024 * 1024;

/** The transporter service of the older screens (spec 000 section 2.9), with logos. */
export const transporterCalls = {
  list: defineCall({ ...transporters, id: 'transporters.list', method: 'GET', path: '/transporters', summary: "The company's transporters", querystring: scopeQuerySchema }),
  byId: defineCall({ ...transporters, id: 'transporters.get', method: 'GET', path: '/transporters/:id', summary: 'One transporter', querystring: scopeQuerySchema, params: transporterParamsSchema }),
  create: defineCall({ ...transporters, id: 'transporters.create', method: 'POST', path: '/transporters', summary: 'Adds a transporter (logo as a data URL; 409 when the company has one of that name in that branch)', querystring: scopeQuerySchema, body: transporterSchema, bodyLimit: LOGO_BODY_LIMIT, messages: [TRANSPORTER_TAKEN], answers: { 409: TRANSPORTER_TAKEN } }),
  update: defineCall({ ...transporters, id: 'transporters.update', method: 'PATCH', path: '/transporters/:id', summary: 'Changes the fields sent (409 when that makes it the same name and branch as another)', querystring: scopeQuerySchema, params: transporterParamsSchema, body: transporterPatchSchema, bodyLimit: LOGO_BODY_LIMIT, messages: [TRANSPORTER_TAKEN], answers: { 409: TRANSPORTER_TAKEN, 412: ANSWERS.stale } }),
  remove: defineCall({ ...transporters, id: 'transporters.delete', method: 'DELETE', path: '/transporters/:id', summary: 'Deletes a transporter', querystring: scopeQuerySchema, params: transporterParamsSchema, answers: { 412: ANSWERS.stale } }),
  logo: defineCall({ ...transporters, id: 'transporters.logo', envelope: 'none', public: true, method: 'GET', path: '/transporters/:id/logo', summary: "A transporter's logo (public, for <img>)", params: transporterParamsSchema, produces: logoSchema.properties.type.enum }),
};
