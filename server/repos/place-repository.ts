import type { KnownPlace } from '../../schemas/api/places';
import type { KNOWN_PLACE_SORTS } from '../../schemas/known-place';
import { newId } from '../http/ids';
import { knownPlaces } from '../../schemas/resources/known-places';
import { listedColumnsOf } from './resource-table';
import type { Queryable } from '../store/store';
import type { PartnerOwner } from './scope-repository';
import { containsPattern, searchCondition } from './contains-pattern';
import { versionedTable, type Expected } from './versioned';
import {
  type KeyOrder,
  type KeyPart,
  type ListTotal,
  type PageSource,
  readPage,
  searchedTotal,
  type PageCursors,
} from './keyset';

/** A known place to store, checked: trimmed texts, a radius, and Google's place (coordinates when known). */
export interface NewPlace {
  label: string;
  address: string;
  cpCode: string;
  geofenceRadius: number;
  google: KnownPlace['google'];
}

/** The editable fields of a known place (the Google address and coordinates are not among them). */
/** A known place read with its row version (the ETag; not part of the answer's body). */
export type VersionedPlace = KnownPlace & { version: number };

/** The editable fields of a place; a radius left out keeps the stored one. */
export type PlaceEdit = Omit<NewPlace, 'google' | 'geofenceRadius'> & { geofenceRadius?: number };

/** A page of the known-places list: its number (from 1), size and search text. */
export interface PlacePage {
  page: number;
  after?: string;
  before?: string;
  size: number;
  q?: string;
  sort?: (typeof KNOWN_PLACE_SORTS)[number];
  order?: 'asc' | 'desc';
}

/** What each sort of the list orders by (fixed SQL, never the request's text; never null). */
const SORT_SQL: Record<(typeof KNOWN_PLACE_SORTS)[number], KeyPart> = {
  cpId: { sql: 'cp_id', type: 'text' },
  cpCode: { sql: 'lower(cp_code)', type: 'text' },
  label: { sql: 'lower(label)', type: 'text' },
  address: { sql: 'lower(address)', type: 'text' },
  updatedBy: { sql: 'lower(updated_by)', type: 'text' },
};

/**
 * The order of a page: its sort then the id, in one direction; unsorted, newest first and places saved together (an
 * upload) by label (oldest first: all of it reversed). One index per order (migration 195) reads it either way.
 */
function placeOrder(page: Pick<PlacePage, 'sort' | 'order'>): KeyOrder {
  const id: KeyPart = { sql: 'cp_id', type: 'text' };
  if (page.sort) {
    const desc = page.order === 'desc';
    const parts =
      page.sort === 'cpId'
        ? [{ ...id, desc }]
        : [
            { ...SORT_SQL[page.sort], desc },
            { ...id, desc },
          ];
    return { name: `${page.sort}.${desc ? 'desc' : 'asc'}`, parts };
  }
  const asc = page.order === 'asc';
  return {
    name: `updatedAt.${asc ? 'asc' : 'desc'}`,
    parts: [
      { sql: 'updated_at', type: 'bigint', desc: !asc },
      { sql: 'lower(label)', type: 'text', desc: asc },
      { ...id, desc: asc },
    ],
  };
}

/** A known place's columns as the calls answer it, from its declaration. */
const PLACE_COLUMNS = listedColumnsOf(knownPlaces);

/**
 * The number a page of an owner's list read by number carries (migrations 200, 225): without a search, the owner's kept
 * count, which the database keeps as rows come and go; with one, the hits counted, or estimated when there are many
 * (see {@link searchedTotal}).
 */
export async function ownerCount(
  q: Queryable,
  source: PageSource,
  owner: PartnerOwner,
  searched: boolean,
): Promise<ListTotal> {
  const kept = async () => {
    const row = await q.one<{ n: number }>(
      `select n::int from list_counts where tbl = $1 and company_id = $2 and k1 = coalesce($3, '') and k2 = ''`,
      [source.table, owner.companyId, owner.partnerId],
    );
    return row?.n ?? 0;
  };
  return searched ? searchedTotal(q, source, ownerSql(), kept) : { total: await kept(), estimated: false };
}

/**
 * The places of one owner (`$first` the company, the next the consignor or null): the company's own, or those kept for the
 * consignor. Matched by `=` on the expression the keyset indexes begin with (migration 220): an index gives its order
 * only after columns held equal by `=`, never after `is null`.
 */
const ownerSql = (first = 1) =>
  `company_id = $${first} and coalesce(partner_id, '') = coalesce($${first + 1}::text, '')`;

/** Versioned writes of `company_places` (If-Match), keyed by `cp_id`. */
const versioned = versionedTable('company_places', 'cp_id');

/** The SQL of a company's known places. */
export const placeRepository = {
  /**
   * The company's places whose label, code or address contains `text`, by label, at most 50. With `children` the
   * places kept for one partner (a transporter's places of a consignor) come too; otherwise only the company's own.
   */
  search(q: Queryable, companyId: string, text: string, children: boolean) {
    return q.query<{ cpId: string; cpCode: string; label: string; address: string }>(
      `select cp_id as "cpId", cp_code as "cpCode", label, address from company_places
        where company_id = $1 and ($2 or partner_id is null)
          and search_text like lower($3) and (label ilike $3 or cp_code ilike $3 or address ilike $3)
        order by label limit 50`,
      [companyId, children, containsPattern(text)],
    );
  },

  /** Every place of `owner`, newest first (the list of the known places screen). */
  list(q: Queryable, owner: PartnerOwner): Promise<KnownPlace[]> {
    return q.query<KnownPlace>(
      `select ${PLACE_COLUMNS} from company_places where ${ownerSql()} order by updated_at desc, lower(label), cp_id`,
      [owner.companyId, owner.partnerId],
    );
  },

  /**
   * One page of `owner`'s places whose code, label, address or updatedBy contains `q`, with the cursor of the page
   * after and, on a page read by number, the number matching (a page after a cursor counts nothing again).
   */
  async page(
    q: Queryable,
    owner: PartnerOwner,
    page: PlacePage,
  ): Promise<{ data: KnownPlace[]; total?: number; estimated?: boolean } & PageCursors> {
    const text = page.q?.trim() ?? '';
    const search = text ? containsPattern(text) : null;
    // The kept search text (migration 215), read through its trigram index.
    const searched = searchCondition('$3', text, ['cp_code', 'label', 'address', 'updated_by']);
    const where = `${ownerSql()} and ($3::text is null or ${searched})`;
    const params = [owner.companyId, owner.partnerId, search];
    const source = { columns: PLACE_COLUMNS, table: 'company_places', where, params };
    return readPage<KnownPlace>(q, source, placeOrder(page), page, () => ownerCount(q, source, owner, search !== null));
  },

  /** Place `cpId` if it is `owner`'s, else null (an unknown id and another company's are alike). */
  byId(q: Queryable, owner: PartnerOwner, cpId: string): Promise<VersionedPlace | null> {
    return q.one<VersionedPlace>(
      `select ${PLACE_COLUMNS}, version from company_places where ${ownerSql()} and cp_id = $3`,
      [owner.companyId, owner.partnerId, cpId],
    );
  },

  /** Inserts places of `owner` in one statement, saved at `at` (epoch ms), answering their new ids in order. */
  async insertMany(
    q: Queryable,
    owner: PartnerOwner,
    places: NewPlace[],
    by: string,
    at = Date.now(),
  ): Promise<string[]> {
    const rows = places.map((place) => ({ ...place, cpId: newId('cp') }));
    await q.query(
      `insert into company_places (cp_id, company_id, partner_id, cp_code, label, address, geofence_radius, google,
                                   updated_by, updated_at)
       select r."cpId", $2::text, $3::text, r."cpCode", r.label, r.address, r."geofenceRadius", r.google, $4::text, $5::bigint
         from jsonb_to_recordset($1::jsonb)
           as r("cpId" text, "cpCode" text, label text, address text, "geofenceRadius" double precision, google jsonb)`,
      [JSON.stringify(rows), owner.companyId, owner.partnerId, by, at],
    );
    return rows.map((row) => row.cpId);
  },

  /** Changes the editable fields of `owner`'s place `cpId`: the stored place (or the refusal thrown). */
  update(
    q: Queryable,
    owner: PartnerOwner,
    cpId: string,
    edit: PlaceEdit,
    by: string,
    expected: Expected = null,
  ): Promise<VersionedPlace> {
    return versioned.update<VersionedPlace>(q, {
      key: cpId,
      expected,
      where: ownerSql(3),
      whereValues: [owner.companyId, owner.partnerId],
      set: `label = $5, address = $6, cp_code = $7, geofence_radius = coalesce($8, geofence_radius), updated_by = $9,
        updated_at = $10`,
      values: [edit.label, edit.address, edit.cpCode, edit.geofenceRadius ?? null, by, Date.now()],
      returning: `${PLACE_COLUMNS}, version`,
    });
  },

  /** Deletes `owner`'s place `cpId`; false when there was none. */
  async remove(q: Queryable, owner: PartnerOwner, cpId: string): Promise<boolean> {
    const rows = await q.query(`delete from company_places where ${ownerSql()} and cp_id = $3 returning cp_id`, [
      owner.companyId,
      owner.partnerId,
      cpId,
    ]);
    return rows.length > 0;
  },
};
