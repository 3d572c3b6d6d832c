import { CONSIGNEE_MSG, consigneeRowSchema, type ConsigneeRowResult } from '../../schemas/consignee';
import type { Geocoder } from '../geocoder/geocoder';
import { checked } from '../http/validation';
import { consigneeRepository, type NewConsignee } from '../repos/consignee-repository';
import type { PartnerOwner } from '../repos/scope-repository';
import type { Store } from '../store/store';
import { saveReadRows, saveReadRowsAll, type RowRead } from './bulk-rows';
import { readPlaceRow } from './known-place-rows';

/** A row read: the consignee to store, or its error texts. */
export type ConsigneeRead = RowRead<NewConsignee>;

/** Consignees stored by one statement of a bulk upload (each chunk under its savepoint, then row by row on a refusal). */
const CONSIGNEES_PER_CHUNK = 200;

/**
 * One row of a create, checked on its own: the schema's texts (the form's), then its place as a known place's (the
 * 30 km rule: 'Error: Distance more than 30kms'; coordinates and Google address filled from the place id when left out).
 */
export async function readConsigneeRow(geocoder: Geocoder, raw: unknown): Promise<ConsigneeRead> {
  const result = checked(consigneeRowSchema, raw);
  if ('errors' in result) return { refused: result.errors };
  const { code, name, type, phone, email, place } = result.value;
  const read = await readPlaceRow(geocoder, place);
  if ('refused' in read) return read;
  return {
    row: {
      code: code.trim(),
      name: name.trim(),
      type,
      phone: (phone ?? '').trim(),
      email: email.trim(),
      place: read.row,
    },
  };
}

/** Reads every row (one geocoder look-up each), in order. */
async function readAll(geocoder: Geocoder, body: unknown[]): Promise<ConsigneeRead[]> {
  const reads: ConsigneeRead[] = [];
  for (const raw of body) reads.push(await readConsigneeRow(geocoder, raw));
  return reads;
}

/** The bulk create (bulkUpload=true): one answer per row in the body's order, `{id}` or the row's error texts (see {@link saveReadRows}). */
export async function saveConsigneeRows(
  store: Store,
  geocoder: Geocoder,
  owner: PartnerOwner,
  body: unknown[],
  allOrNone: boolean,
  by: string,
): Promise<ConsigneeRowResult[]> {
  return saveReadRows(store, await readAll(geocoder, body), allOrNone, {
    insertMany: (q, rows) => consigneeRepository.insertMany(q, owner, rows, by),
    duplicate: CONSIGNEE_MSG.duplicateCode,
    chunk: CONSIGNEES_PER_CHUNK,
  });
}

/** The form's create (no bulkUpload): every row must pass, then all are stored or none (see {@link saveReadRowsAll}). */
export async function saveConsigneesAll(
  store: Store,
  geocoder: Geocoder,
  owner: PartnerOwner,
  body: unknown[],
  by: string,
): Promise<{ id: string }[]> {
  const ids = await saveReadRowsAll(store, await readAll(geocoder, body), {
    insertMany: (q, rows) => consigneeRepository.insertMany(q, owner, rows, by),
    duplicate: CONSIGNEE_MSG.duplicateCode,
  });
  return ids.map((id) => ({ id }));
}
