import type { ConsigneePlace } from '../../schemas/api/consignees';
import type { ConsigneeType } from '../../schemas/consignee';
import { newId } from '../http/ids';
import type { Queryable } from '../store/store';
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

/** The SQL of a company's consignees. */
export const consigneeRepository = {
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
};
