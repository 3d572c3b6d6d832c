import { defineResource } from '../resource';

/**
 * A company's custom trip fields (spec 002 section 3, rule based auto closure's `custom_values.<fieldId>`): reference
 * data the auto closure form offers and its rule checks (server/repos/auto-closure-repository.ts), kept per company by
 * field id, with no calls or screen of their own.
 */
export const customFields = defineResource({
  name: 'customFields',
  objectType: 'custom_field',
  table: 'company_custom_fields',
  noun: 'custom field',
  plural: 'custom fields',
  title: 'Custom fields',
  reach: 'company',
  stamps: 'timestamps',
  noIdColumn: true,
  api: { calls: [] },
  fields: {
    field_id: {
      column: 'field_id',
      label: 'Field',
      sql: 'text',
      required: true,
      schema: { type: 'string', minLength: 1, maxLength: 64 },
    },
    display_name: {
      column: 'display_name',
      label: 'Display name',
      sql: 'text',
      required: true,
      schema: { type: 'string', minLength: 1, maxLength: 100 },
    },
  },
  naturalKey: ['field_id'],
  label: ['display_name'],
  // Tata Steel's (1001), which its demo auto closure rules test.
  seed: [
    { company: '1001', values: { field_id: 'plant_code', display_name: 'Plant Code' } },
    { company: '1001', values: { field_id: 'invoice_number', display_name: 'Invoice Number' } },
  ],
});
