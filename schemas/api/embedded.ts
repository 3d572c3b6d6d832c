import type { FromSchema } from 'json-schema-to-ts';
import { CONSIGNEE_TYPES } from '../consignee-types';
import { int, num, shape, str, strOrNull } from './shapes';

/**
 * Answers that several families embed, written once (a light module: the shell's company look-ups load it without
 * the forms' schemas).
 */

/**
 * Google's place as stored with a route end, waypoint, known place or consignee: its id, and its address and
 * coordinates when known (a row's other fields are not kept).
 */
export const googlePlaceAnswer = shape(
  { place_id: str },
  { formatted_address: str, geometry: shape({ location: shape({ lat: num, lng: num }) }) },
);

/** A route end or waypoint as stored (server/repos/route-repository.ts `toStoredPlace`): every text present. */
export const storedPlaceAnswer = shape({
  label: str,
  address: str,
  cpCode: str,
  geofenceRadius: num,
  google: googlePlaceAnswer,
});

/** A place as stored. */
export type StoredPlace = FromSchema<typeof storedPlaceAnswer>;

/** The embedded place of a consignee as the calls answer it. */
export const consigneePlaceAnswer = shape({
  cpId: str,
  cpCode: str,
  label: str,
  address: str,
  geofenceRadius: num,
  google: googlePlaceAnswer,
});

/** A consignee as the calls (and the partners fetch with pt=CONSIGNEE) answer it (spec 002 section 3). */
export const consigneeAnswer = shape({
  id: str,
  code: str,
  name: str,
  type: { type: 'string', enum: CONSIGNEE_TYPES },
  phone: { ...str, description: "'' when none" },
  email: str,
  updatedBy: str,
  updatedAt: { ...int, description: 'Epoch milliseconds' },
  partnerId: {
    ...strOrNull,
    description: "The consignor a TRANSPORTER's consignee is kept for; null for the company's own",
  },
  place: consigneePlaceAnswer,
});

/** The embedded place of a consignee. */
export type ConsigneePlace = FromSchema<typeof consigneePlaceAnswer>;
/** A consignee as the calls answer it. */
export type Consignee = FromSchema<typeof consigneeAnswer>;
