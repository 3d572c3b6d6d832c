import type { KnownPlace } from '../../schemas/api/places';
import { newId } from '../http/ids';
import type { Queryable } from '../store/store';
import type { PartnerOwner } from './scope-repository';
import { containsPattern } from './contains-pattern';
import { type ListTotal, type PageSource, searchedTotal } from './keyset';

/** A known place to store, checked: trimmed texts, a radius, and Google's place (coordinates when known). */
export interface NewPlace {
  label: string;
  address: string;
  cpCode: string;
  geofenceRadius: number;
  google: KnownPlace['google'];
}

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
};
