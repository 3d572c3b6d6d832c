import { type ReportRun, reportRunAnswer, runJsonSql } from '../../schemas/report-answers';
import { EARTH_RADIUS_KM } from '../../schemas/haversine';
import type { ReportType } from '../../schemas/report-schedule';
import type { ReportAlert } from '../rules/report-filters';
import { parsedJson, schemaGuard } from '../../schemas/guards';
import { list, num, shape, str, strOrNull } from '../../schemas/api/shapes';
import { tripAlertAnswer } from '../../schemas/api/trips';
import type { Queryable } from '../store/store';
import { instantOf, type Clock } from '../auth/rate-limit';
import { DEFAULT_LEASE_SECONDS, type LeaseTiming } from '../jobs/lease';

/** Whether a value is a run as the calls answer it. */
const isRun = schemaGuard(reportRunAnswer);

/** A run as the calls answer it, read by {@link runJsonSql} (jsonb, which a driver may hand back as text). */
const runOf = (value: unknown): ReportRun => {
  const run: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!isRun(run)) throw new Error('A stored run is not what it should be');
  return run;
};

/** A run over `report_runs r` as the calls answer it, and when it was due (ms; null for 'Run now'). */
const RUN = `${runJsonSql('r')} as run, floor(extract(epoch from r.due_at) * 1000)::float8 as due_ms`;

/** An active schedule as the scheduler reads it. */
export interface DueScheduleRow {
  id: string;
  company_id: string;
  cron: string;
  /** Its last change (creation, edit or switching on), ms: due times before it are not caught up. */
  since: number;
  /** The due time of its latest scheduled run, ms, or null. */
  last_due: number | null;
}

/** A trip of the daily summary, with its computed alerts' counts by type. */
export interface SummaryTrip {
  id: string;
  vehicleNumber: string;
  branchId: string | null;
  status: number;
  startedAt: number;
  closedAt: number | null;
  stt: number | null;
  path: { lat: number; lng: number }[] | string;
  travelledKm: number | null;
  alerts: Record<string, number> | string | null;
}

/** Where the alerts of an exception report come from: the company (and branch), and the windows of its params. */
export interface AlertQuery {
  companyId: string;
  branchId: string | null;
  types: string[];
  tripStatuses: number[];
  /** Trips started at or after this time (the 'Total Trip hours' window). */
  tripsFrom: number;
  /** Alerts closed within [closedFrom, until], started at or after startedFrom (the fixed in-progress window). */
  closedFrom: number;
  startedFrom: number;
  until: number;
}

/** The SQL of report runs (issue 14): the runs table, the scheduler's view of schedules, and the reports' data. */
export const reportRunRepository = {
  /**
   * Claims due time `dueAt` of a schedule: inserts its run, or answers null when a run for that due time exists
   * (another instance, or this one before a restart, claimed it). The unique (schedule_id, due_at) decides.
   */
  async claim(
    q: Queryable,
    run: { id: string; scheduleId: string; companyId: string; dueAt: number; startedAt: number; late: boolean },
    hold: LeaseTiming = { seconds: DEFAULT_LEASE_SECONDS },
  ): Promise<boolean> {
    // Held for its job for one lease: a job no instance takes up in that time is the next sweep's.
    const row = await q.one(
      `insert into report_runs (id, schedule_id, company_id, trigger, due_at, started_at, late, lease_until)
       values ($1, $2, $3, 'SCHEDULE', to_timestamp($4::float8 / 1000), to_timestamp($5::float8 / 1000), $6,
               coalesce($7::timestamptz, now()) + make_interval(secs => $8))
       on conflict (schedule_id, due_at) do nothing returning id`,
      [run.id, run.scheduleId, run.companyId, run.dueAt, run.startedAt, run.late, instantOf(hold.clock), hold.seconds],
    );
    return row !== null;
  },
  /** Records a 'Run now' run as started; `charged` when its messages were taken from the quotas with it. */
  async startManual(
    q: Queryable,
    run: { id: string; scheduleId: string; companyId: string; startedAt: number; charged?: boolean },
  ): Promise<void> {
    await q.query(
      `insert into report_runs (id, schedule_id, company_id, trigger, started_at, charged, lease_until)
       values ($1, $2, $3, 'MANUAL', to_timestamp($4::float8 / 1000), $5, now())`,
      [run.id, run.scheduleId, run.companyId, run.startedAt, run.charged === true],
    );
  },
  /** Marks a run's messages as counted against the quotas; true only for the first call (the one that counts them). */
  async chargeOnce(q: Queryable, id: string): Promise<boolean> {
    return (
      (await q.one(`update report_runs set charged = true where id = $1 and not charged returning id`, [id])) !== null
    );
  },
  /** Defers a run by `seconds` (a quota's wait): its charge is given back and no instance holds it until then. */
  async defer(q: Queryable, id: string, seconds: number, clock?: Clock): Promise<void> {
    await q.query(
      `update report_runs set charged = false, lease_owner = 'deferred', lease_until = coalesce($3::timestamptz, now()) + make_interval(secs => $2)
        where id = $1 and outcome = 'RUNNING'`,
      [id, seconds, instantOf(clock)],
    );
  },
  /** A run of the schedule left RUNNING by an instance that died (its lease ran out), or null. */
  async orphanOf(q: Queryable, scheduleId: string, clock?: Clock): Promise<string | null> {
    const row = await q.one<{ id: string }>(
      `select id from report_runs where schedule_id = $1 and outcome = 'RUNNING' and lease_until < coalesce($2::timestamptz, now())
        order by started_at limit 1`,
      [scheduleId, instantOf(clock)],
    );
    return row?.id ?? null;
  },
  /** Marks a run as started again (a job handed back after a stop or a crash runs its report anew). */
  async restart(q: Queryable, id: string, startedAt: number): Promise<void> {
    await q.query(
      `update report_runs set started_at = to_timestamp($2::float8 / 1000), outcome = 'RUNNING', error = null where id = $1`,
      [id, startedAt],
    );
  },
  /**
   * Frees the files of runs started before `before`, and of runs beyond the newest `keep` of their schedule (their
   * records stay): a schedule every 15 minutes would otherwise keep 96 files a day. Answers how many were freed.
   */
  async pruneFiles(q: Queryable, before: number, keep: number): Promise<number> {
    const rows = await q.query<{ id: string }>(
      `update report_runs set file = null
        where file is not null and (started_at < to_timestamp($1::float8 / 1000)
           or id in (select id from (select id, row_number() over (partition by schedule_id order by started_at desc) as n from report_runs) ranked where n > $2))
        returning id`,
      [before, keep],
    );
    return rows.length;
  },
  /** The recipients a run has mailed so far. */
  async mailed(q: Queryable, id: string): Promise<string[]> {
    const row = await q.one<{ mailed: unknown }>('select mailed from report_runs where id = $1', [id]);
    return Array.isArray(row?.mailed) ? row.mailed.filter((to): to is string => typeof to === 'string') : [];
  },
  /**
   * Notes that a run mails `to`, in the transaction that sends the message; false when it was mailed already (the
   * row lock makes a second instance carrying out the same run wait, then see it).
   */
  async markMailed(q: Queryable, id: string, to: string): Promise<boolean> {
    const row = await q.one(
      `update report_runs set mailed = mailed || $2::jsonb where id = $1 and not (mailed @> $2::jsonb) returning id`,
      [id, JSON.stringify([to])],
    );
    return row !== null;
  },
  /** Takes back {@link markMailed} when the mail server refused the message. */
  async unmarkMailed(q: Queryable, id: string, to: string): Promise<void> {
    await q.query(`update report_runs set mailed = mailed - $2::text where id = $1`, [id, to]);
  },
  /**
   * Whether a live instance works on a run of the schedule, or is about to (a scheduled run held for its job): Run now
   * waits rather than mailing the report twice. A run whose lease ran out (its instance died) is not under way (Run
   * now takes it over), nor is one deferred by a quota (no instance works on it until its wait is over).
   */
  async running(q: Queryable, scheduleId: string, clock?: Clock): Promise<boolean> {
    const row = await q.one<{ n: number }>(
      `select count(*)::int as n from report_runs
        where schedule_id = $1 and outcome = 'RUNNING' and lease_until >= coalesce($2::timestamptz, now())
          and lease_owner is distinct from 'deferred'`,
      [scheduleId, instantOf(clock)],
    );
    return row!.n > 0;
  },
  /** Ends a run with its outcome, rows, recipients, error and file. */
  async finish(
    q: Queryable,
    id: string,
    end: {
      finishedAt: number;
      outcome: 'SUCCESS' | 'FAILED';
      rows: number | null;
      recipients: string[];
      error: string | null;
      fileName: string | null;
      file: Buffer | null;
    },
  ): Promise<void> {
    await q.query(
      `update report_runs set finished_at = to_timestamp($2::float8 / 1000), outcome = $3, rows = $4, recipients = $5::jsonb, error = $6,
         file_name = $7, file = decode($8, 'base64') where id = $1`,
      // As base64 text: PGlite converts a bytea parameter byte by byte (about a second per megabyte).
      [
        id,
        end.finishedAt,
        end.outcome,
        end.rows,
        JSON.stringify(end.recipients),
        end.error,
        end.fileName,
        end.file ? end.file.toString('base64') : null,
      ],
    );
  },
  /** Run `id` (without its file), or null. */
  async byId(q: Queryable, id: string): Promise<(ReportRun & { dueMs: number | null }) | null> {
    const row = await q.one<{ run: unknown; due_ms: number | null }>(
      `select ${RUN} from report_runs r where r.id = $1`,
      [id],
    );
    return row ? { ...runOf(row.run), dueMs: row.due_ms } : null;
  },
  /** A schedule's runs, newest first (at most `limit`). */
  async list(q: Queryable, scheduleId: string, limit = 50): Promise<ReportRun[]> {
    const rows = await q.query<{ run: unknown }>(
      `select ${RUN} from report_runs r where r.schedule_id = $1 order by r.started_at desc, r.id desc limit $2`,
      [scheduleId, limit],
    );
    return rows.map((row) => runOf(row.run));
  },
  /** A run's schedule and file, or null when the run has none. */
  async file(q: Queryable, runId: string): Promise<{ scheduleId: string; fileName: string; file: Buffer } | null> {
    const row = await q.one<{ schedule_id: string; file_name: string; file: string }>(
      `select schedule_id, file_name, encode(file, 'base64') as file from report_runs where id = $1 and file is not null`,
      [runId],
    );
    return row ? { scheduleId: row.schedule_id, fileName: row.file_name, file: Buffer.from(row.file, 'base64') } : null;
  },
  /**
   * The active schedules with the time from which their due times count (their last change, less a minute: a schedule
   * saved just after a due time, before a tick took it, still runs it; never before the scheduler's first start) and
   * of their latest scheduled run.
   */
  dueCandidates(q: Queryable): Promise<DueScheduleRow[]> {
    return q.query<DueScheduleRow>(
      `select s.id, s.company_id, s.cron, (extract(epoch from greatest(greatest(s.created_at, s.updated_at) - interval '1 minute', (select since from report_scheduler))) * 1000)::float8 as since,
              (select (extract(epoch from max(r.due_at)) * 1000)::float8 from report_runs r where r.schedule_id = s.id) as last_due
         from report_schedules s where s.active = 1`,
    );
  },
  /** A schedule by id whatever its scope (for the job), or null. */
  schedule(q: Queryable, id: string) {
    return q.one<{ id: string; company_id: string; type: ReportType; active: number; definition: unknown }>(
      'select id, company_id, type, active, definition from report_schedules where id = $1',
      [id],
    );
  },
  /** The company's name, for the report's title. */
  async companyName(q: Queryable, companyId: string): Promise<string> {
    return (await q.one<{ name: string }>('select name from companies where id = $1', [companyId]))?.name ?? companyId;
  },
  /** The company's branches in words by id: 'Jamshedpur (3101)'. */
  async branchNames(q: Queryable, companyId: string): Promise<Record<string, string>> {
    const rows = await q.query<{ id: string; name: string }>('select id, name from branches where company_id = $1', [
      companyId,
    ]);
    return Object.fromEntries(rows.map((row) => [row.id, `${row.name} (${row.id})`]));
  },
  /** The trips of a company (or branch) under way at some time in [from, until), with distance travelled and alert counts. */
  summaryTrips(
    q: Queryable,
    companyId: string,
    branchId: string | null,
    from: number,
    until: number,
  ): Promise<SummaryTrip[]> {
    return q.query<SummaryTrip>(
      `with period as (
         select id, vehicle_number, branch_id, status, started_at, closed_at, stt, path from trips
          where company_id = $1 and ($2::text is null or branch_id = $2) and started_at < $4 and (closed_at is null or closed_at >= $3)
       ), legs as (
         select p.trip_id, p.lat, p.lng, lag(p.lat) over w as lat0, lag(p.lng) over w as lng0
           from trip_pings p join period on period.id = p.trip_id window w as (partition by p.trip_id order by p.t)
       ), travelled as (
         select trip_id, sum(2 * $5::float8 * asin(least(1, sqrt(power(sin(radians(lat - lat0) / 2), 2)
                  + cos(radians(lat0)) * cos(radians(lat)) * power(sin(radians(lng - lng0) / 2), 2))))) as km
           from legs where lat0 is not null group by trip_id
       )
       select t.id, t.vehicle_number as "vehicleNumber", t.branch_id as "branchId", t.status, t.started_at::float8 as "startedAt",
              t.closed_at::float8 as "closedAt", t.stt, t.path, travelled.km as "travelledKm",
              (select jsonb_object_agg(k, n) from (select a->>'type' as k, count(*) as n from jsonb_array_elements(ta.alerts) a group by 1) c) as alerts
         from period t left join travelled on travelled.trip_id = t.id left join trip_analytics ta on ta.trip_id = t.id
        order by t.started_at, t.id`,
      [companyId, branchId, from, until, EARTH_RADIUS_KM],
    );
  },
  /**
   * The trips an exception report reads (company and branch, trip statuses, started since), each with its computed
   * alerts, as one JSON text: PGlite hands thousands of rows back slowly, one text fast, and the worker pool parses it
   * (server/workers/cpu-tasks.ts exceptionReport, with {@link alertsOfTrips}).
   */
  async alertTripsJson(q: Queryable, a: AlertQuery): Promise<string> {
    const row = await q.one<{ trips: string }>(
      `select coalesce(json_agg(x), '[]')::text as trips from (
         select t.id as "tripId", t.vehicle_number as "vehicleNumber", t.branch_id as "branchId", t.status as "tripStatus",
                t.started_at::float8 as "tripStartedAt", t.created_by as "tripCreatedBy",
                coalesce(t.parties->'customer'->>'code', t.parties->'consignee'->>'code') as "customerCode",
                coalesce(t.parties->'customer'->>'name', t.parties->'consignee'->>'name') as "customerName",
                ta.alerts as alerts
           from trips t join trip_analytics ta on ta.trip_id = t.id
          where t.company_id = $1 and ($2::text is null or t.branch_id = $2) and t.status = any($3::int[]) and t.started_at >= $4) x`,
      [a.companyId, a.branchId, a.tripStatuses, a.tripsFrom],
    );
    return row!.trips;
  },
  /** The alerts of an exception report's window (see {@link alertsOfTrips}), read here (tests; reports read them in the pool). */
  async alerts(q: Queryable, a: AlertQuery): Promise<ReportAlert[]> {
    return alertsOfTrips(await reportRunRepository.alertTripsJson(q, a), a);
  },
};

/** A trip's computed alerts as trip_analytics keeps them (schemas/api/trips.ts). */
const isTripAlerts = schemaGuard(list(tripAlertAnswer));

/** The trips of {@link reportRunRepository.alertTripsJson}: what the report shows of each, and its alerts (or their text). */
const isAlertTrips = schemaGuard(
  list(
    shape({
      tripId: str,
      vehicleNumber: str,
      branchId: strOrNull,
      tripStatus: num,
      tripStartedAt: num,
      tripCreatedBy: str,
      customerCode: strOrNull,
      customerName: strOrNull,
      alerts: { anyOf: [list(tripAlertAnswer), str] },
    }),
  ),
);

/**
 * The alerts of an exception report from its trips (the JSON text of {@link reportRunRepository.alertTripsJson}): of
 * the asked types, closed within [closedFrom, until], started at or after startedFrom, by closing time then trip.
 */
export function alertsOfTrips(
  tripsJson: string,
  a: Pick<AlertQuery, 'types' | 'closedFrom' | 'until' | 'startedFrom'>,
): ReportAlert[] {
  const trips = parsedJson(tripsJson, isAlertTrips, "An exception report's trips");
  const types = new Set(a.types);
  // Closed alerts only (their end is a time): sorted by it.
  const alerts: (ReportAlert & { end: number })[] = [];
  for (const t of trips) {
    const tripStatus = Number(t.tripStatus);
    const tripStartedAt = Number(t.tripStartedAt);
    for (const x of typeof t.alerts === 'string' ? parsedJson(t.alerts, isTripAlerts, "A trip's alerts") : t.alerts) {
      if (
        !types.has(x.type) ||
        typeof x.end !== 'number' ||
        x.end < a.closedFrom ||
        x.end > a.until ||
        x.start < a.startedFrom
      )
        continue;
      // One literal of one shape (spread copies make slow dictionary objects, which the sort and filters then pay for).
      alerts.push({
        tripId: t.tripId,
        vehicleNumber: t.vehicleNumber,
        branchId: t.branchId,
        tripStatus,
        tripStartedAt,
        tripCreatedBy: t.tripCreatedBy,
        customerCode: t.customerCode,
        customerName: t.customerName,
        type: x.type,
        level: x.level ?? null,
        start: x.start,
        end: x.end,
        value: x.value,
        unit: x.unit,
        lat: x.lat,
        lng: x.lng,
      });
    }
  }
  return alerts.sort((x, y) => x.end - y.end || (x.tripId < y.tripId ? -1 : x.tripId > y.tripId ? 1 : 0));
}
