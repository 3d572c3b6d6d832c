import type { Queryable } from '../store/store';
import { placeJson } from './places';
import { seedConsignees } from './consignees';
import { seedNotificationConfigs } from './notification-configs';
import { seedTrips } from './trips';
import { seedResources } from './resources';
import { seedProposals } from './proposals';
import { KNOWN_PLACES, RATES, ROUTES } from './demo-content';

/** Who the demo content says last changed it. */
const SEED_USER = 'ops@demo.local';

async function seedRoutes(q: Queryable, now: number) {
  for (const [i, r] of ROUTES.entries()) {
    const ends = r.places.map(([key, label], n) => placeJson(key, label, `${r.code}-${n + 1}`));
    // Older routes first, a minute apart, so "newest first" has a stable order.
    await q.query(
      `insert into routes (id, company_id, branch_id, department_id, code, label, stt, origin, destination,
                           updated_by, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        r.id,
        r.company,
        r.branch,
        `${r.branch}1`,
        r.code,
        r.label,
        r.stt,
        JSON.stringify(ends[0]),
        JSON.stringify(ends[ends.length - 1]),
        SEED_USER,
        now - (ROUTES.length - i) * 60_000,
      ],
    );
    for (const [n, place] of ends.slice(1, -1).entries()) {
      await q.query('insert into route_waypoints (id, route_id, sequence, place) values ($1, $2, $3, $4)', [
        `${r.id}_wp${n + 1}`,
        r.id,
        n + 1,
        JSON.stringify(place),
      ]);
    }
  }
}

async function seedRates(q: Queryable) {
  for (const [id, route, partner, vehicle, material, validFrom, cost, unit] of RATES) {
    const r = await q.one<{ company_id: string; branch_id: string; department_id: string; stt: number }>(
      'select company_id, branch_id, department_id, stt from routes where id = $1',
      [route],
    );
    const data = [
      { key: 'ROUTE_COST', value: cost, unit },
      { key: 'LOADING_FEE', value: 1500, unit: 'FIXED' },
      { key: 'UNLOADING_FEE', value: 1200, unit: 'FIXED' },
      { key: 'LOADING_DETENTION_COST', value: 2500, unit: 'DAY' },
      { key: 'STANDARD_TRANSIT_TIME', value: r!.stt, unit: 'FIXED' },
    ];
    await q.query(
      `insert into route_master (id, company_id, branch_id, department_id, route_id, partner_id, vehicle_id,
                                 material_id, valid_from, load_type, data)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'FTL', $10)`,
      [
        id,
        r!.company_id,
        r!.branch_id,
        r!.department_id,
        route,
        partner,
        vehicle,
        material,
        Date.parse(`${validFrom}T00:00:00+05:30`),
        JSON.stringify(data),
      ],
    );
  }
}

async function seedTransportersAndPlaces(q: Queryable, now: number) {
  for (const [cpId, company, partner, code, label, key] of KNOWN_PLACES) {
    const place = placeJson(key, label, code);
    await q.query(
      `insert into company_places (cp_id, company_id, partner_id, cp_code, label, address, geofence_radius, google,
                                   updated_by, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        cpId,
        company,
        partner,
        code,
        label,
        place.address,
        place.geofenceRadius,
        JSON.stringify(place.google),
        SEED_USER,
        now,
      ],
    );
  }
}

/** Inserts the demo content; the caller makes sure this runs once per database. */
export async function seedDemo(q: Queryable) {
  const now = Date.now();
  await seedRoutes(q, now);
  // The declared resources' rows (the companies' vehicles and materials among them) before the rates that name them.
  await seedResources(q, now);
  await seedRates(q);
  await seedTransportersAndPlaces(q, now);
  await seedConsignees(q, now);
  await seedNotificationConfigs(q);
  await seedTrips(q, now);
  await seedProposals(q, now);
}
