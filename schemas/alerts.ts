import type { FromSchema } from 'json-schema-to-ts';
import { ACCESS_KEY, INVALID_ACCESS_KEY } from './access-key';
import { MSG } from './messages';

const id = { type: 'string', maxLength: 64 } as const;

/** The fixed access key some data-family calls send: optional, and when present exactly {@link ACCESS_KEY}. */
export const accessKeySchema = { type: 'string', const: ACCESS_KEY, errorMessage: INVALID_ACCESS_KEY } as const;

/**
 * The company scope as the data family names it (spec 001 section 7): companyId (required, 'Select a company
 * to continue'), branchId and departmentId (optional; empty means not chosen), and the access key.
 */
export const dataScopeQuerySchema = {
  type: 'object',
  properties: {
    companyId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    branchId: id,
    departmentId: id,
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

/** An alert configuration as getAlerts lists it (spec 001 section 3). */
export const alertConfigSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    featureKey: { type: 'string', title: 'Alert Name' },
    enabled: { type: 'boolean', title: 'Enabled' },
    extraContext: { type: 'string', title: 'Extra Context' },
  },
  required: ['id', 'featureKey', 'enabled', 'extraContext'],
} as const;

export type AlertConfig = FromSchema<typeof alertConfigSchema>;

/** Body of toggleAlert and toggleAlertTickets: the alert's id and the access key. */
export const alertToggleSchema = {
  type: 'object',
  properties: {
    alertId: { type: ['string', 'integer'], minLength: 1, maxLength: 64, errorMessage: 'Please select an alert' },
    key: accessKeySchema,
  },
  required: ['alertId'],
  errorMessage: { required: { alertId: 'Please select an alert' } },
} as const;

export type AlertToggle = FromSchema<typeof alertToggleSchema>;
