import type { Consignee, ConsigneePlace } from '../../schemas/api/consignees';
import type { ConsigneeType } from '../../schemas/consignee';
import type { CONSIGNEE_SORTS } from '../../schemas/partner';
import { newId } from '../http/ids';
import { consignees } from '../../schemas/resources/consignees';
import { listedColumnsOf } from './resource-table';
import type { Queryable } from '../store/store';
import { containsPattern, searchCondition } from './contains-pattern';
import { versionedTable, type Expected } from './versioned';
import { readPage, sortedBy, type KeyOrder, type KeyPart, type PageCursors } from './keyset';
import { ownerCount } from './place-repository';
import type { PartnerOwner } from './scope-repository';

/** A consignee to store, checked and trimmed, with its place (Google's place with coordinates when known). */
export interface NewConsignee {
  code: string;
  name: string;
  type: ConsigneeType;
  phone: string;
  email: string;
  place: Omit<ConsigneePlace, 'cpId'>;
}

/** The editable fields of a consignee: all but its place's Google address and coordinates; a radius left out stays. */
export type ConsigneeEdit = Omit<NewConsignee, 'place'> & {
  place: Omit<NewConsignee['place'], 'google' | 'geofenceRadius'> & { geofenceRadius?: number };
};

/** A consignee read with its row version (the ETag; not part of the answer's body). */
export type VersionedConsignee = Consignee & { version: number };

/** A page of the consignee list: its number (from 1) or the cursor it starts after, size, search text and order. */
export interface ConsigneePage {
  page: number;
  after?: string;
  before?: string;
  size: number;
  q?: string;
  sort?: (typeof CONSIGNEE_SORTS)[number];
  order?: 'asc' | 'desc';
}

/** What each sort of the list orders by (fixed SQL, never the request's text; never null); unsorted, newest first. */
const SORT_SQL: Record<(typeof CONSIGNEE_SORTS)[number] | 'updatedAt', KeyPart> = {
  code: { sql: 'lower(code)', type: 'text' },
  name: { sql: 'lower(name)', type: 'text' },
  phone: { sql: 'phone', type: 'text' },
  email: { sql: 'lower(email)', type: 'text' },
  updatedBy: { sql: 'lower(updated_by)', type: 'text' },
  updatedAt: { sql: 'updated_at', type: 'bigint' },
};

/** The order of a page: its sort then the id, one direction (migration 225 has an index for each). */
function consigneeOrder(page: Pick<ConsigneePage, 'sort' | 'order'>): KeyOrder {
  const sort = page.sort ?? 'updatedAt';
  return sortedBy(sort, SORT_SQL[sort], (page.order ?? (page.sort ? 'asc' : 'desc')) === 'desc');
}

/** A consignee's columns as the calls answer it (its place as one object), from its declaration. */
const COLUMNS = listedColumnsOf(consignees);

/**
 * The consignees of one owner (`$first` the company, the next the consignor or null). Matched by `=` on the expression
 * the keyset indexes begin with (migration 225): an index gives its order only after columns held equal by `=`.
 */
const ownerSql = (first = 1) =>
  `company_id = $${first} and coalesce(partner_id, '') = coalesce($${first + 1}::text, '')`;

/** Versioned writes of consignees (If-Match). */
const versioned = versionedTable('consignees', 'id');

/** The SQL of a company's consignees. */
export const consigneeRepository = {
  /** Every consignee of `owner`, newest first. */
  list(q: Queryable, owner: PartnerOwner): Promise<Consignee[]> {
    return q.query<Consignee>(`select ${COLUMNS} from consignees where ${ownerSql()} order by updated_at desc, id`, [
      owner.companyId,
      owner.partnerId,
    ]);
  },

  /**
   * One page of `owner`'s consignees whose code, name, phone, email, label or updatedBy contains `q`, with the cursor
   * of the page after and, on a page read by number, the number matching (a page after a cursor counts nothing again).
   */
  page(
    q: Queryable,
    owner: PartnerOwner,
    page: ConsigneePage,
  ): Promise<{ data: Consignee[]; total?: number; estimated?: boolean } & PageCursors> {
    const text = page.q?.trim() ?? '';
    const search = text ? containsPattern(text) : null;
    // The kept search text (migration 225), read through its trigram index.
    const searched = searchCondition('$3', text, ['code', 'name', 'phone', 'email', 'label', 'updated_by']);
    const where = `${ownerSql()} and ($3::text is null or ${searched})`;
    const params = [owner.companyId, owner.partnerId, search];
    const source = { columns: COLUMNS, table: 'consignees', where, params };
    return readPage<Consignee>(q, source, consigneeOrder(page), page, () =>
      ownerCount(q, source, owner, search !== null),
    );
  },

  /** Consignee `id` if it is `owner`'s, else null (an unknown id and another company's are alike). */
  byId(q: Queryable, owner: PartnerOwner, id: string): Promise<VersionedConsignee | null> {
    return q.one<VersionedConsignee>(`select ${COLUMNS}, version from consignees where ${ownerSql()} and id = $3`, [
      owner.companyId,
      owner.partnerId,
      id,
    ]);
  },

  /** Inserts consignees of `owner` in one statement, answering their new ids in order. */
  async insertMany(q: Queryable, owner: PartnerOwner, rows: NewConsignee[], by: string): Promise<string[]> {
    const flat = rows.map((row) => ({
      id: newId('cee'),
      cpId: newId('cp'),
      code: row.code,
      name: row.name,
      type: row.type,
      phone: row.phone,
      email: row.email,
      cpCode: row.place.cpCode,
      label: row.place.label,
      address: row.place.address,
      geofenceRadius: row.place.geofenceRadius,
      google: row.place.google,
    }));
    await q.query(
      `insert into consignees (id, company_id, partner_id, code, name, type, phone, email, cp_id, cp_code, label, address,
                               geofence_radius, google, updated_by, updated_at)
       select r.id, $2::text, $3::text, r.code, r.name, r.type, r.phone, r.email, r."cpId", r."cpCode", r.label, r.address,
              r."geofenceRadius", r.google, $4::text, $5::bigint
         from jsonb_to_recordset($1::jsonb)
           as r(id text, code text, name text, type text, phone text, email text, "cpId" text, "cpCode" text, label text,
                address text, "geofenceRadius" double precision, google jsonb)`,
      [JSON.stringify(flat), owner.companyId, owner.partnerId, by, Date.now()],
    );
    return flat.map((row) => row.id);
  },

  /**
   * Changes `owner`'s consignee `id` whose place is `cpId`, while it has one of the `expected` versions: the stored
   * consignee (or the refusal thrown).
   */
  update(
    q: Queryable,
    owner: PartnerOwner,
    id: string,
    cpId: string,
    edit: ConsigneeEdit,
    by: string,
    expected: Expected = null,
  ): Promise<VersionedConsignee> {
    return versioned.update<VersionedConsignee>(q, {
      key: id,
      expected,
      where: `${ownerSql(3)} and cp_id = $5`,
      whereValues: [owner.companyId, owner.partnerId, cpId],
      set: `code = $6, name = $7, type = $8, phone = $9, email = $10, cp_code = $11, label = $12, address = $13,
        geofence_radius = coalesce($14, geofence_radius), updated_by = $15, updated_at = $16`,
      values: [
        edit.code,
        edit.name,
        edit.type,
        edit.phone,
        edit.email,
        edit.place.cpCode,
        edit.place.label,
        edit.place.address,
        edit.place.geofenceRadius ?? null,
        by,
        Date.now(),
      ],
      returning: `${COLUMNS}, version`,
    });
  },

  /** Deletes `owner`'s consignee `id`; false when there was none. */
  async remove(q: Queryable, owner: PartnerOwner, id: string): Promise<boolean> {
    const rows = await q.query(`delete from consignees where ${ownerSql()} and id = $3 returning id`, [
      owner.companyId,
      owner.partnerId,
      id,
    ]);
    return rows.length > 0;
  },
};
