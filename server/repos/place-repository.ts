import type { KnownPlace } from '../../schemas/api/places';
import { newId } from '../http/ids';
import type { Queryable } from '../store/store';
import type { PartnerOwner } from './scope-repository';
import { containsPattern } from './contains-pattern';

/** A known place to store, checked: trimmed texts, a radius, and Google's place (coordinates when known). */
export interface NewPlace {
  label: string;
  address: string;
  cpCode: string;
  geofenceRadius: number;
  google: KnownPlace['google'];
}

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
