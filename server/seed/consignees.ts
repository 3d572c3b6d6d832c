import type { Queryable } from '../store/store';
import { placeJson, type PlaceKey } from './places';

/** Consignees of the demo (spec 002 section 3): [id, cpId, company, consignor or null, code, name, type, phone, email, place]. */
const CONSIGNEES: [string, string, string, string | null, string, string, string, string, string, PlaceKey][] = [
  [
    'cee_tsl_jsw_tala',
    'cp_cee_tsl_tala',
    '1001',
    null,
    'TSL-CEE-001',
    'Shree Steel Traders',
    'CUSTOMER',
    '9831012345',
    'orders@shreesteel.in',
    'tala',
  ],
  [
    'cee_tsl_haldia_wh',
    'cp_cee_tsl_haldia',
    '1001',
    null,
    'TSL-CEE-002',
    'Haldia Coil Warehouse',
    'WAREHOUSE',
    '9732045678',
    'haldia.wh@tatasteel.demo',
    'haldia',
  ],
  [
    'cee_tsl_rou_rdc',
    'cp_cee_tsl_rourkela',
    '1001',
    null,
    'TSL-CEE-003',
    'Rourkela Regional DC',
    'RDC',
    '',
    'rdc.rourkela@tatasteel.demo',
    'rourkela',
  ],
  [
    'cee_hul_vashi',
    'cp_cee_hul_vashi',
    '1002',
    null,
    'HUL-CEE-001',
    'Vashi Super Distributor',
    'DC',
    '9820098765',
    'vashi.dist@hul.demo',
    'vashi',
  ],
  [
    'cee_hul_chakan',
    'cp_cee_hul_chakan',
    '1002',
    null,
    'HUL-CEE-002',
    'Chakan Modern Trade MDC',
    'MDC',
    '9822011223',
    'chakan.mdc@hul.demo',
    'chakan',
  ],
  [
    'cee_utc_chembur',
    'cp_cee_utc_chembur',
    '1003',
    null,
    'UTC-CEE-001',
    'Chembur RMC Plant',
    'OEM',
    '9769034567',
    'rmc.chembur@ultratech.demo',
    'chembur',
  ],
  [
    'cee_vrl_tsl_jsr',
    'cp_cee_vrl_tsl_jsr',
    '2001',
    '1001',
    'VRL-CEE-001',
    'Adityapur Auto Components',
    'JIT_WAREHOUSE',
    '9934056789',
    'jit@adityapur.demo',
    'adityapur',
  ],
];

/** Inserts the demo consignees, oldest first a minute apart (a stable "newest first"). */
export async function seedConsignees(q: Queryable, now: number) {
  for (const [i, [id, cpId, company, partner, code, name, type, phone, email, key]] of CONSIGNEES.entries()) {
    const place = placeJson(key, `${name} Gate`, `${code}-P`);
    await q.query(
      `insert into consignees (id, company_id, partner_id, code, name, type, phone, email, cp_id, cp_code, label, address,
                               geofence_radius, google, updated_by, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'ops@demo.local', $15)`,
      [
        id,
        company,
        partner,
        code,
        name,
        type,
        phone,
        email,
        cpId,
        place.cpCode,
        place.label,
        place.address,
        place.geofenceRadius,
        JSON.stringify(place.google),
        now - (CONSIGNEES.length - i) * 60_000,
      ],
    );
  }
}
