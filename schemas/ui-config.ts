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
