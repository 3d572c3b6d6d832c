import { googlePlaceAnswer } from '../api/google-place';
import { strOrNull } from '../api/shapes';
import {
  KNOWN_PLACE_MSG as M,
  KNOWN_PLACE_SORTS,
  PLACE_FIELDS,
  knownPlaceGoogleSchema,
  knownPlaceUpdateBodySchema,
} from '../known-place';
import { idField } from '../messages';
import { defineResource } from '../resource';

/** A place's address, geofence radius and Google place, as a known place and a consignee's own place keep them. */
export const PLACE_AREA = {
  address: {
    column: 'address',
    label: 'Address',
    sql: 'text',
    required: true,
    requiredMessage: M.address,
    schema: PLACE_FIELDS.address,
  },
  geofenceRadius: {
    column: 'geofence_radius',
    label: 'Geofence radius',
    sql: 'numeric',
    default: PLACE_FIELDS.geofenceRadius.default,
    schema: PLACE_FIELDS.geofenceRadius,
  },
  google: {
    column: 'google',
    label: 'Google place',
    sql: 'json',
    required: true,
    requiredMessage: M.googleAddress,
    schema: knownPlaceGoogleSchema,
    answer: googlePlaceAnswer,
  },
} as const;

/** The consignor a TRANSPORTER keeps a record for (see `ResourceField.owner`), a known place's or a consignee's. */
export const consignorOwner = <const N extends string>(noun: N) =>
  ({
    column: 'partner_id',
    label: 'Consignor',
    sql: 'text',
    owner: true,
    schema: idField('partnerId'),
    answer: {
      ...strOrNull,
      description: `The consignor a TRANSPORTER's ${noun} is kept for; null for the company's own`,
    },
  }) as const;

/**
 * A company's known places (spec 000 sections 2.10, 5 and 7): a Google place with the operator's label, code, address
 * and geofence radius, kept for the company or (a TRANSPORTER's) for one consignor partner, in every branch. One
 * code per owner (a unique index). Its fetch (one by `cpId`, a page, or all), update (named in the body; the Google
 * place read-only, server/rules/resource-rules.ts) and delete are built from this; the create, a bulk of rows that
 * geocodes and answers per row, is a call of its own (schemas/api/places.ts, server/routes/places.ts); the list and
 * form are screens/known-places.ts.
 */
export const knownPlaces = defineResource({
  name: 'knownPlaces',
  objectType: 'place',
  table: 'company_places',
  idPrefix: 'cp',
  id: { column: 'cp_id', as: 'cpId' },
  noun: 'known place',
  plural: 'known places',
  title: 'Known places',
  path: '/saas/lego/company_places',
  screen: '/known-places',
  screenFile: true,
  reach: 'company',
  keptCount: true,
  api: {
    prefix: 'places',
    calls: ['list', 'update', 'remove'],
    ids: { list: 'fetch' },
    paths: { list: 'fetch', update: 'update', remove: 'delete' },
    byIdInList: true,
    allUnlessPaged: true,
    updateInBody: true,
    idInQuery: true,
    updateBody: knownPlaceUpdateBodySchema,
    sorts: KNOWN_PLACE_SORTS,
    searchText: ['cp_code', 'label', 'address', 'updated_by'],
    ruleMessages: [M.readOnly],
  },
  fields: {
    label: {
      column: 'label',
      label: 'Address label',
      sql: 'text',
      required: true,
      requiredMessage: M.label,
      search: true,
      sort: true,
      schema: PLACE_FIELDS.label,
    },
    address: { ...PLACE_AREA.address, search: true, sort: true },
    cpCode: {
      column: 'cp_code',
      label: 'Code',
      sql: 'text',
      required: true,
      requiredMessage: M.code,
      search: true,
      sort: true,
      schema: PLACE_FIELDS.cpCode,
    },
    geofenceRadius: PLACE_AREA.geofenceRadius,
    partnerId: consignorOwner('place'),
    google: PLACE_AREA.google,
  },
  naturalKey: ['cpCode'],
  taken: M.duplicateCode,
  label: ['label'],
  // Newest first, and places saved together (an upload) by label (migration 195 has an index for each order).
  order: { field: 'updatedAt', desc: true, then: 'label' },
  labelSql: "coalesce(nullif(t.label, ''), t.cp_code)",
  refs: { partner_id: 'company' },
});
