import { defineResource } from '../resource';

/**
 * A company's partner links (spec 002: the consignors a transporter keeps places and consignees for, the transporters
 * of a consignor's freight rates): reference data kept per company by the partner's company id, seeded with the
 * companies in both directions (server/seed/seed-reference.ts), read by the scope checks and the partners look-up,
 * with no calls or screen of their own.
 */
export const partners = defineResource({
  name: 'partners',
  objectType: 'partner',
  table: 'company_partners',
  noun: 'partner link',
  plural: 'partner links',
  title: 'Partners',
  reach: 'company',
  stamps: 'timestamps',
  noIdColumn: true,
  api: { calls: [] },
  fields: {
    partner_id: {
      column: 'partner_id',
      label: 'Partner',
      sql: 'text',
      required: true,
      schema: { type: 'string', minLength: 1, maxLength: 64 },
    },
  },
  naturalKey: ['partner_id'],
  label: ['partner_id'],
  labelSql: 'coalesce((select c.name from companies c where c.id = t.partner_id), t.partner_id)',
  refs: { partner_id: 'company' },
});
