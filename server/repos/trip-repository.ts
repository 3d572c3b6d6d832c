import type { LatLng } from '../../schemas/haversine';
import type { Queryable } from '../store/store';
import type { Ping, StoredAlertConfig, TripAlert } from '../rules/trip-alerts';

/** Where a ping's position came from (spec 002 section 9). */
export type PingSource = 'SIM' | 'GPS' | 'MANUAL';

/** A ping to store: device time (epoch ms, UTC), position, and the device's speed and temperature when sent. */
export interface NewPing extends Ping {
  temperature?: number | null;
  source: PingSource;
}

/** A trip as stored (migration 120). */
export interface TripRecord {
  id: string;
  companyId: string;
  branchId: string | null;
  departmentId: string | null;
  routeId: string | null;
  /** 1 open, 0 closed. */
  status: number;
  startedAt: number;
  closedAt: number | null;
  path: LatLng[];
  stt: number | null;
  vehicleNumber: string;
  parties: Record<string, unknown>;
  assets: unknown[];
  indent: Record<string, unknown>;
  details: Record<string, unknown>;
  /** The company's alert configurations as the trip started. */
  alertConfig: StoredAlertConfig[];
  createdBy: string;
}

const COLUMNS = `id, company_id as "companyId", branch_id as "branchId", department_id as "departmentId", route_id as "routeId",
  status, started_at::float8 as "startedAt", closed_at::float8 as "closedAt", path, stt, vehicle_number as "vehicleNumber",
  parties, assets, indent, details, alert_config as "alertConfig", created_by as "createdBy"`;

/** Trips, their pings and their computed analytics. Ownership (company, branch) is checked by the caller. */
export const tripRepository = {
  async insert(q: Queryable, trip: TripRecord): Promise<void> {
    await q.query(
      `insert into trips (id, company_id, branch_id, department_id, route_id, status, started_at, closed_at, path, stt,
                          vehicle_number, parties, assets, indent, details, alert_config, created_by, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
      [
        trip.id,
        trip.companyId,
        trip.branchId,
        trip.departmentId,
        trip.routeId,
        trip.status,
        trip.startedAt,
        trip.closedAt,
        JSON.stringify(trip.path),
        trip.stt,
        trip.vehicleNumber,
        JSON.stringify(trip.parties),
        JSON.stringify(trip.assets),
        JSON.stringify(trip.indent),
        JSON.stringify(trip.details),
        JSON.stringify(trip.alertConfig),
        trip.createdBy,
        trip.startedAt,
      ],
    );
  },

  /** Trip `id`, or null when there is none. */
  byId: (q: Queryable, id: string) => q.one<TripRecord>(`select ${COLUMNS} from trips where id = $1`, [id]),

  /** Appends pings to trip `id` in one statement (a few thousand at a time is fine). */
  async addPings(q: Queryable, id: string, pings: readonly NewPing[], receivedAt: number): Promise<void> {
    if (pings.length === 0) return;
    await q.query(
      `insert into trip_pings (trip_id, t, lat, lng, speed, temperature, source, received_at)
       select $1, p.t, p.lat, p.lng, p.speed, p.temperature, p.source, $3
         from jsonb_to_recordset($2::jsonb) as p(t bigint, lat float8, lng float8, speed float8, temperature float8, source text)`,
      [
        id,
        JSON.stringify(
          pings.map((p) => ({
            t: p.t,
            lat: p.lat,
            lng: p.lng,
            speed: p.speed ?? null,
            temperature: p.temperature ?? null,
            source: p.source,
          })),
        ),
        receivedAt,
      ],
    );
  },

  /** Trip `id`'s pings in device-time order. */
  pings: (q: Queryable, id: string) =>
    q.query<NewPing>(
      `select t::float8 as t, lat, lng, speed, temperature, source from trip_pings where trip_id = $1 order by t`,
      [id],
    ),

  /**
   * Trip `id`'s pings as {@link pings} answers them, as one JSON array text: a replay's worker parses it (10,000 pings
   * read as rows hold the event loop for about 100 ms, as one text about 20).
   */
  async pingsJson(q: Queryable, id: string): Promise<string> {
    const row = await q.one<{ pings: string }>(
      `select coalesce(json_agg(json_build_object('t', t::float8, 'lat', lat, 'lng', lng, 'speed', speed, 'temperature', temperature, 'source', source) order by t), '[]')::text as pings
         from trip_pings where trip_id = $1`,
      [id],
    );
    return row!.pings;
  },

  /** Stores the alerts last computed for trip `id`, with the configurations they were computed with. */
  async saveAnalytics(
    q: Queryable,
    id: string,
    alerts: readonly TripAlert[],
    config: readonly StoredAlertConfig[],
    computedAt: number,
  ): Promise<void> {
    await q.query(
      `insert into trip_analytics (trip_id, alerts, config, computed_at) values ($1, $2, $3, $4)
       on conflict (trip_id) do update set alerts = excluded.alerts, config = excluded.config, computed_at = excluded.computed_at`,
      [id, JSON.stringify(alerts), JSON.stringify(config), computedAt],
    );
  },

  /** The alerts last computed for trip `id`, or null when none were. */
  analytics: (q: Queryable, id: string) =>
    q.one<{ alerts: TripAlert[]; config: StoredAlertConfig[]; computedAt: number }>(
      'select alerts, config, computed_at::float8 as "computedAt" from trip_analytics where trip_id = $1',
      [id],
    ),

  /** Writes trip `id`'s document to the search table (replacing the last sync). */
  async saveSearch(
    q: Queryable,
    id: string,
    companyId: string,
    document: unknown,
    text: string,
    at: number,
  ): Promise<void> {
    await q.query(
      `insert into trip_search (trip_id, company_id, document, search, synced_at) values ($1, $2, $3, to_tsvector('simple', $4), $5)
       on conflict (trip_id) do update set document = excluded.document, search = excluded.search, synced_at = excluded.synced_at`,
      [id, companyId, JSON.stringify(document), text, at],
    );
  },

  /** Ids of the company's synced trips whose text matches every word of `words` (full text, simple configuration). */
  searchIds: (q: Queryable, companyId: string, words: string) =>
    q.query<{ trip_id: string }>(
      `select trip_id from trip_search where company_id = $1 and search @@ plainto_tsquery('simple', $2) order by synced_at desc limit 50`,
      [companyId, words],
    ),
};
