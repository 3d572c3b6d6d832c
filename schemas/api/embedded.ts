import type { FromSchema } from 'json-schema-to-ts';
import { answerSchemaOf, type ResourceRecord } from '../resource';
import { consignees } from '../resources/consignees';
import { num, shape, str } from './shapes';
import { googlePlaceAnswer } from './google-place';

export { googlePlaceAnswer };

/** Answers that several families embed, written once. */

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

/** A consignee as the calls (and the partners fetch with pt=CONSIGNEE) answer it (spec 002 section 3), from its declaration. */
export const consigneeAnswer = answerSchemaOf(consignees);

/** A consignee as the calls answer it. */
export type Consignee = ResourceRecord<typeof consignees>;
/** The embedded place of a consignee. */
export type ConsigneePlace = Consignee['place'];
