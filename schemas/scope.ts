import type { FromSchema } from 'json-schema-to-ts';
import { MSG, idField } from './messages';

const companyType = <Name extends string>(name: Name) =>
  ({
    type: 'string',
    enum: ['CONSIGNOR', 'TRANSPORTER'],
    errorMessage: `${name} must be CONSIGNOR or TRANSPORTER`,
  }) as const;

/**
 * Query parameters naming the company scope of a call (spec 000 section 7): c, b, d, t, pt. It names no record: a
 * call that reads an id from its query declares it in its own query schema (`routeListQuerySchema`,
 * `scopedIdQuerySchema`, ...), so a call's schema names only the ids it reads.
 */
export const scopeQuerySchema = {
  type: 'object',
  properties: {
    c: { type: 'string', minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    b: idField('Branch (b)'),
    d: idField('Department (d)'),
    t: companyType('Company type (t)'),
    pt: companyType('Partner type (pt)'),
  },
  required: ['c'],
  errorMessage: { required: { c: MSG.selectCompany } },
} as const;

export type ScopeQuery = FromSchema<typeof scopeQuerySchema>;

/**
 * A record's id in a call's path (`/…/:id`): an id of at most 64 characters; a missing or odd one is not found.
 * Its record must be declared in the call's `owns`, which checks it is within the scope's reach.
 */
export const idParamsSchema = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'Not found' } },
  required: ['id'],
  errorMessage: { required: { id: 'Not found' } },
} as const;
