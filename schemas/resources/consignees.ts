import { CONSIGNEE_FIELDS as C, CONSIGNEE_MSG as M, consigneePt, consigneeUpdateBodySchema } from '../consignee';
import { CONSIGNEE_SORTS } from '../partner';
import { KNOWN_PLACE_MSG as P, PLACE_FIELDS } from '../known-place';
import { idField } from '../messages';
import { defineResource } from '../resource';
import { PLACE_AREA, consignorOwner } from './known-places';

/**
 * A company's consignees (spec 002 sections 3, 7 and 9): a partner of kind CONSIGNEE with its own place (a known
 * place's fields, kept in its row and answered as `place`), kept for the company or (a TRANSPORTER's) for one consignor
 * partner, in every branch; one code per owner (a unique index). Its update (named in the body, its place's Google
 * address read-only, server/rules/resource-rules.ts) and delete are built from this, and the partners fetch with
 * `pt=CONSIGNEE` reads it through its repository (server/routes/consignees.ts); the create, a bulk of rows that
 * geocodes and answers per row, is a call of its own (schemas/api/consignees.ts); the list and form are
 * screens/consignees.ts.
 */
export const consignees = defineResource({
  name: 'consignees',
  objectType: 'consignee',
  table: 'consignees',
  idPrefix: 'cee',
  noun: 'consignee',
  plural: 'consignees',
  title: 'Consignees',
  path: '/saas/lego/company_partners',
  screen: '/consignees',
  screenFile: true,
  reach: 'company',
  keptCount: true,
  api: {
    calls: ['update', 'remove'],
    paths: { update: 'update', remove: 'delete' },
    updateInBody: true,
    idInQuery: true,
    updateBody: consigneeUpdateBodySchema,
    queryNeeds: { pt: consigneePt },
    sorts: CONSIGNEE_SORTS,
    searchText: ['code', 'name', 'phone', 'email', 'label', 'updated_by'],
    ruleMessages: [M.readOnly],
  },
  fields: {
    code: {
      column: 'code',
      label: 'Consignee code',
      sql: 'text',
      required: true,
      requiredMessage: M.code,
      search: true,
      sort: true,
      schema: C.code,
    },
    name: {
      column: 'name',
      label: 'Consignee name',
      sql: 'text',
      required: true,
      requiredMessage: M.name,
      search: true,
      sort: true,
      schema: C.name,
    },
    type: {
      column: 'type',
      label: 'Type',
      sql: 'text',
      required: true,
      requiredMessage: M.type,
      schema: C.type,
      answer: { type: 'string', enum: C.type.enum },
    },
    phone: {
      column: 'phone',
      label: 'Mobile number',
      sql: 'text',
      default: '',
      sort: true,
      schema: C.phone,
      answer: { type: 'string', description: "'' when none" },
    },
    email: {
      column: 'email',
      label: 'Email',
      sql: 'text',
      required: true,
      requiredMessage: M.email,
      sort: true,
      schema: C.email,
    },
    partnerId: consignorOwner('consignee'),
    cpId: {
      column: 'cp_id',
      label: 'Place id',
      sql: 'text',
      required: true,
      within: 'place',
      schema: idField('cpId'),
    },
    cpCode: {
      column: 'cp_code',
      label: 'Place code',
      sql: 'text',
      required: true,
      requiredMessage: P.code,
      within: 'place',
      schema: C.cpCode,
    },
    label: {
      column: 'label',
      label: 'Place name',
      sql: 'text',
      required: true,
      requiredMessage: P.label,
      within: 'place',
      schema: PLACE_FIELDS.label,
    },
    address: { ...PLACE_AREA.address, within: 'place' },
    geofenceRadius: { ...PLACE_AREA.geofenceRadius, within: 'place' },
    google: { ...PLACE_AREA.google, within: 'place' },
  },
  naturalKey: ['code'],
  taken: M.duplicateCode,
  label: ['name'],
  labelSql: "coalesce(nullif(t.name, ''), t.code)",
  refs: { partner_id: 'company', cp_id: 'place' },
});
