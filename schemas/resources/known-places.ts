import { googlePlaceAnswer } from '../api/google-place';
import { strOrNull } from '../api/shapes';
import { KNOWN_PLACE_MSG as M, PLACE_FIELDS, knownPlaceGoogleSchema } from '../known-place';
import { idField } from '../messages';
import { defineResource } from '../resource';

/**
 * A company's known places (spec 000 sections 2.10, 5 and 7): a Google place with the operator's label, code, address
 * and geofence radius, kept for the company or (a TRANSPORTER's) for one consignor partner, in every branch. One
 * code per owner (a unique index). The declaration gives the audit, the calls' `owns` check, the answer and the columns
 * read; the spec shapes the calls beyond what the call builders make (a fetch of one, a page or all by `cpId`, a bulk
 * create with geocoding and per-row answers, an update naming its place in the body), so they are written in
 * schemas/api/places.ts and server/routes/places.ts; the list and form are screens/known-places.ts.
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
  api: { calls: [] },
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
    address: {
      column: 'address',
      label: 'Address',
      sql: 'text',
      required: true,
      requiredMessage: M.address,
      search: true,
      sort: true,
      schema: PLACE_FIELDS.address,
    },
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
    geofenceRadius: {
      column: 'geofence_radius',
      label: 'Geofence radius',
      sql: 'numeric',
      default: PLACE_FIELDS.geofenceRadius.default,
      schema: PLACE_FIELDS.geofenceRadius,
    },
    partnerId: {
      column: 'partner_id',
      label: 'Consignor',
      sql: 'text',
      owner: true,
      schema: idField('partnerId'),
      answer: {
        ...strOrNull,
        description: "The consignor a TRANSPORTER's place is kept for; null for the company's own",
      },
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
  },
  naturalKey: ['cpCode'],
  taken: M.duplicateCode,
  label: ['label'],
  labelSql: "coalesce(nullif(t.label, ''), t.cp_code)",
  refs: { partner_id: 'company' },
});
