import type { FromSchema } from 'json-schema-to-ts';
import { accessKeySchema } from './access-key';
import { BODY_OBJECT, MSG, idField } from './messages';
import { bool, shape, str, strOrNull } from './api/shapes';

export { accessKeySchema };

/**
 * The company scope as the data family names it (spec 001 section 7): companyId (required, 'Select a company
 * to continue'), branchId and departmentId (optional; empty means not chosen), and the access key.
 */
export const dataScopeQuerySchema = {
  type: 'object',
  properties: {
    companyId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    branchId: idField('branchId'),
    departmentId: idField('departmentId'),
    key: accessKeySchema,
  },
  required: ['companyId'],
  errorMessage: { required: { companyId: MSG.selectCompany } },
} as const;

export type DataScopeQuery = FromSchema<typeof dataScopeQuerySchema>;

/** The ticket flag lives in the first element of an alert's extraContext (JSON text): `[{ticketing: {raise_ticket}}]`. */
export function raisesTicket(extraContext: unknown): boolean {
  try {
    const parsed: unknown = typeof extraContext === 'string' ? JSON.parse(extraContext) : extraContext;
    const first = Array.isArray(parsed) ? parsed[0] : undefined;
    return Boolean((first as { ticketing?: { raise_ticket?: unknown } } | undefined)?.ticketing?.raise_ticket);
  } catch {
    return false;
  }
}

/**
 * An alert configuration as getAlerts lists it and its switches answer it (spec 001 section 3): extraContext is the
 * JSON text setAlerts stored (its first element may hold the ticket flag); a null branch: the whole company's.
 */
export const alertConfigAnswer = shape({
  id: str,
  featureKey: str,
  enabled: bool,
  extraContext: str,
  branchId: strOrNull,
});

export type AlertConfig = FromSchema<typeof alertConfigAnswer>;

/** Body of toggleAlert and toggleAlertTickets: the alert's id and the access key. */
export const alertToggleSchema = {
  type: 'object',
  properties: {
    alertId: { type: ['string', 'integer'], minLength: 1, maxLength: 64, errorMessage: 'Please select an alert' },
    key: accessKeySchema,
  },
  required: ['alertId'],
  errorMessage: { type: BODY_OBJECT, required: { alertId: 'Please select an alert' } },
} as const;

export type AlertToggle = FromSchema<typeof alertToggleSchema>;
