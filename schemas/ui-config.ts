import type { FromSchema } from 'json-schema-to-ts';
import { BODY_OBJECT, MSG, badId, idField, idOrNumberField } from './messages';
import { bool, list, shape, str, strOrNull } from './api/shapes';

/** The two UI modules of spec 001 section 5 ("UI config form"), with the labels the console shows. */
export const UI_MODULES = {
  useNeoAlertModule: 'Alert On Control Tower',
  neoTicketModule: 'Ticket On My Trips',
} as const;

export type UiModule = keyof typeof UI_MODULES;

/** The label of a module's feature key (the key itself when unknown). */
export const uiModuleLabel = (featureKey: unknown): string =>
  UI_MODULES[featureKey as UiModule] ?? String(featureKey ?? '');

/** The 'Set UI Config' / 'Update UI Config' form: which module, and which alerts it displays. */
export const uiConfigFormSchema = {
  type: 'object',
  properties: {
    featureKey: {
      type: 'string',
      title: 'Feature Key',
      // Labelled by UI_MODULES in the screen's uiSchema (`ui:enumNames`).
      enum: ['useNeoAlertModule', 'neoTicketModule'],
      errorMessage: 'Please select field',
    },
    extracontext: {
      type: 'array',
      title: 'Config',
      minItems: 1,
      maxItems: 100,
      uniqueItems: true,
      items: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_]{1,64}$' },
      errorMessage: 'Please select config',
    },
  },
  required: ['featureKey', 'extracontext'],
  errorMessage: { required: { featureKey: 'Please select field', extracontext: 'Please select config' } },
} as const;

export type UiConfigForm = FromSchema<typeof uiConfigFormSchema>;

/** Body of updateUIConfig: the form plus the scope, `enabled` (always sent as 1) and `id` when editing. */
export const uiConfigBodySchema = {
  ...uiConfigFormSchema,
  properties: {
    ...uiConfigFormSchema.properties,
    companyId: { type: ['string', 'integer'], minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    branchId: idOrNumberField('branchId'),
    // A save always enables the module (spec 001 section 7: "enabled (sent as 1)"); disabling is toggleUIConfig's.
    enabled: { type: 'integer', const: 1, default: 1, errorMessage: 'enabled must be 1' },
    id: { type: ['string', 'integer'], minLength: 1, maxLength: 64, errorMessage: badId('id') },
  },
  required: ['companyId', 'featureKey', 'extracontext'],
  errorMessage: {
    type: BODY_OBJECT,
    required: { companyId: MSG.selectCompany, featureKey: 'Please select field', extracontext: 'Please select config' },
  },
} as const;

export type UiConfigBody = FromSchema<typeof uiConfigBodySchema>;

/** Body of toggleUIConfig. */
export const uiConfigToggleSchema = {
  type: 'object',
  properties: {
    customerConfigId: {
      type: ['string', 'integer'],
      minLength: 1,
      maxLength: 64,
      errorMessage: 'Please select a configuration',
    },
  },
  required: ['customerConfigId'],
  errorMessage: { type: BODY_OBJECT, required: { customerConfigId: 'Please select a configuration' } },
} as const;

export type UiConfigToggle = FromSchema<typeof uiConfigToggleSchema>;

/** Query of fetchUIConfigById: the id, the scope and (optionally) the module it must be. */
export const uiConfigByIdQuerySchema = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'Please select a configuration' },
    companyId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    branchId: idField('branchId'),
    departmentId: idField('departmentId'),
    featureKey: { type: 'string', maxLength: 64, errorMessage: 'Please select field' },
  },
  required: ['companyId', 'id'],
  errorMessage: { required: { companyId: MSG.selectCompany, id: 'Please select a configuration' } },
} as const;

export type UiConfigByIdQuery = FromSchema<typeof uiConfigByIdQuerySchema>;

/**
 * A UI config module as the list, fetchUIConfigById and the saves answer it (spec 001 section 3): customerConfigId
 * repeats the id, extraContext lists the alerts it displays; a null branch: the whole company's.
 */
export const uiConfigAnswer = shape({
  id: str,
  customerConfigId: str,
  featureKey: str,
  enabled: bool,
  extraContext: list(str),
  companyId: str,
  branchId: strOrNull,
});

export type UiConfig = FromSchema<typeof uiConfigAnswer>;
