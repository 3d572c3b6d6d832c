import type { FromSchema } from 'json-schema-to-ts';
import { MSG } from './messages';

const id = { type: 'string', maxLength: 64 } as const;

/** Query parameters naming the company scope of a call (spec 000 section 7): c, b, d, t, pt. */
export const scopeQuerySchema = {
  type: 'object',
  properties: {
    c: { type: 'string', minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    b: id,
    d: id,
    t: { type: 'string', enum: ['CONSIGNOR', 'TRANSPORTER'] },
    pt: { type: 'string', enum: ['CONSIGNOR', 'TRANSPORTER'] },
    id,
    routeId: id,
  },
  required: ['c'],
  errorMessage: { required: { c: MSG.selectCompany } },
} as const;

export type ScopeQuery = FromSchema<typeof scopeQuerySchema>;
