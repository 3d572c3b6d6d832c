import type { FromSchema } from 'json-schema-to-ts';
import { MSG, idField } from './messages';

const companyType = <Name extends string>(name: Name) =>
  ({ type: 'string', enum: ['CONSIGNOR', 'TRANSPORTER'], errorMessage: `${name} must be CONSIGNOR or TRANSPORTER` }) as const;

/** Query parameters naming the company scope of a call (spec 000 section 7): c, b, d, t, pt. */
export const scopeQuerySchema = {
  type: 'object',
  properties: {
    c: { type: 'string', minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    b: idField('Branch (b)'),
    d: idField('Department (d)'),
    t: companyType('Company type (t)'),
    pt: companyType('Partner type (pt)'),
    id: idField('id'),
    routeId: idField('routeId'),
  },
  required: ['c'],
  errorMessage: { required: { c: MSG.selectCompany } },
} as const;

export type ScopeQuery = FromSchema<typeof scopeQuerySchema>;
