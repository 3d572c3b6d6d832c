/**
 * BENCH_REPORTS (on unless BENCH_REPORTS=0): scheduled reports (issue 14) on a fresh in-memory PGlite, migrated and
 * seeded as the API's start does:
 * - an exception report over 50,000 computed alerts (5,000 trips of Tata Steel, 10 alerts each) with three filters
 *   (target 2 s): the report made (alerts read, filtered, written as xlsx), and a whole 'Run now' (made, mailed to
 *   the outbox with its file, recorded), median of 3;
 * - 100 schedules due at the same minute (daily summaries and exception reports of another company): one scheduler
 *   with a clock that starts at the due time, the time from the due time until the last run finished (target: all
 *   within that minute).
 * `node --import tsx tests/bench/report-runs.ts` runs this part alone.
 */
import { pathToFileURL } from 'node:url';
import { dailyAt } from '../../schemas/report-cron';
import { createOutboxMailer } from '../../server/auth/mailer';
import { createJobs } from '../../server/jobs';
import { makeReport, runNow } from '../../server/jobs/report-job';
import { reportScheduleRepository } from '../../server/repos/report-schedule-repository';
import { migrate } from '../../server/store/migrate';
import { openPgliteStore } from '../../server/store/pglite-store';
import { seed } from '../../server/seed/seed';
import type { Store } from '../../server/store/store';

const TRIPS = 5000;
const ALERTS_PER_TRIP = 10;
const SCHEDULES = 100;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The bench's "now": trips and alerts lie in the hours before it. */
const NOW = Date.parse('2031-06-01T00:30:00Z');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * 5,000 open and closed trips of company 1001 with 10 closed alerts each (long stoppages and over-speedings, levels
 * 1-3), in the hours before `now`.
 */
export async function seedAlerts(store: Store, now = NOW): Promise<void> {
  await store.query(
    `insert into trips (id, company_id, branch_id, status, started_at, closed_at, path, stt, vehicle_number, parties, created_by, created_at)
     select 'bench-trip-' || i, '1001', case when i % 2 = 0 then '3101' else '3102' end, i % 2, $1::bigint - (i % 40) * 3600000, null,
            '[{"lat":22.8,"lng":86.2},{"lat":22.57,"lng":88.36}]'::jsonb, 480, 'JH05BENCH' || i,
            jsonb_build_object('customer', jsonb_build_object('code', 'C-' || (i % 5), 'name', 'Customer ' || (i % 5))), 'ops@demo.local', $1::bigint
       from generate_series(1, $2::int) as i`,
    [now - 2 * HOUR, TRIPS],
  );
  await store.query(
    `insert into trip_analytics (trip_id, alerts, config, computed_at)
     select 'bench-trip-' || i,
            (select jsonb_agg(jsonb_build_object(
                'type', case when k % 2 = 0 then 'long_stoppage' else 'over_speeding' end, 'level', 1 + (k + i) % 3,
                'start', $1::bigint - (k * 30 + 90) * 60000, 'end', $1::bigint - (k * 30 + (i % 25)) * 60000,
                'lat', 22.7, 'lng', 87.1, 'value', 60 + k, 'unit', case when k % 2 = 0 then 'minutes' else 'km/h' end))
               from generate_series(0, $3::int - 1) as k),
            '[]'::jsonb, $1::bigint
       from generate_series(1, $2::int) as i`,
    [now, TRIPS, ALERTS_PER_TRIP],
  );
}

/** An exception definition of company `companyId` over both alert types, trips open and closed, with three filters. */
export const exception = (companyId: string, cron: string, recipients: string) => ({
  email_recipients: recipients,
  company_id: companyId,
  schedule: { cron, type: 'DAILY' as const },
  params: {
    'date.alert.closed.close_time.duration_mins': 600,
    'date.alert.inprogress.start_time.duration_mins': 45000 as const,
    'date.trip.constraint.value': 48,
    'date.trip.type': 'HOURS' as const,
    event: ['long_stoppage', 'over_speeding'],
    format: 'xlsx' as const,
    tripStatus: [1, 0],
  },
  filters: [
    { key: 'current_escalation_level' as const, gte: 1 },
    { key: 'alert_close_time' as const, minutes_diff_lt: 300 },
    { key: 'customer_code' as const, not_in: ['C-4'] },
  ],
});

/** Stores a schedule created at `createdAt` (default an hour before `NOW`'s due times: they are due, not missed ones). */
export async function addSchedule(
  store: Store,
  id: string,
  companyId: string,
  type: 'DAILY_TRIP_SUMMARY' | 'ALERT',
  definition: { email_recipients: string; company_id: string; schedule: { cron: string; type: string } },
  createdAt = NOW - HOUR,
) {
  const entity = await reportScheduleRepository.entityOf(store, companyId);
  await store.query(
    `insert into report_schedules (id, entity_id, company_id, type, active, definition, cron, job_uuid, created_at, updated_at)
     values ($1, $2, $3, $4, 1, $5::jsonb, $6, $1, to_timestamp($7::float8 / 1000), to_timestamp($7::float8 / 1000))`,
    [id, entity, companyId, type, JSON.stringify(definition), definition.schedule.cron, createdAt],
  );
}

export async function measureReportRuns(): Promise<string[]> {
  const store = await openPgliteStore();
  try {
    await migrate(store);
    await seed(store);
    // Seeded schedules stay out of the measured minute.
    await store.query('update report_schedules set active = 0');
    const seeding = performance.now();
    await seedAlerts(store);
    const seededMs = performance.now() - seeding;
    const mailer = createOutboxMailer(store);

    // 1. The exception report over 50,000 alerts with three filters.
    const definition = exception('1001', dailyAt(6 * 60).cron, 'bench.exception@x.in');
    await addSchedule(store, 'rs_bench_exception', '1001', 'ALERT', definition);
    const made: number[] = [];
    let rows = 0;
    let bytes = 0;
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      const report = await makeReport(store, { company_id: '1001', type: 'ALERT', definition }, NOW, NOW);
      made.push(performance.now() - start);
      rows = report.rows;
      bytes = report.file.length;
    }
    const runs: number[] = [];
    let outcome = '';
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      const run = await runNow(store, mailer, { id: 'rs_bench_exception', company_id: '1001' }, () => NOW);
      runs.push(performance.now() - start);
      outcome = `${run.outcome}${run.error ? ` (${run.error})` : ''}`;
    }

    // 2. 100 schedules due at 06:00 IST (00:30 UTC), a scheduler whose clock starts at that minute.
    await store.query('update report_schedules set active = 0');
    for (let i = 0; i < SCHEDULES; i++) {
      const cron = dailyAt(6 * 60).cron;
      if (i % 2 === 0) {
        await addSchedule(store, `rs_bench_due_${i}`, '1002', 'DAILY_TRIP_SUMMARY', {
          email_recipients: `due${i}@x.in`,
          company_id: '1002',
          schedule: { cron, type: 'DAILY' },
        });
      } else {
        const { filters: _f, ...rest } = exception('1002', cron, `due${i}@x.in`);
        await addSchedule(store, `rs_bench_due_${i}`, '1002', 'ALERT', rest);
      }
    }
    const started = performance.now();
    const jobs = createJobs(store, mailer, {
      pollingIntervalSeconds: 0.5,
      now: () => NOW + (performance.now() - started),
    });
    await jobs.start();
    let done = 0;
    const deadline = performance.now() + 3 * MINUTE;
    while (performance.now() < deadline) {
      const row = await store.one<{ done: number }>(
        "select count(*)::int as done from report_runs where schedule_id like 'rs_bench_due_%' and outcome <> 'RUNNING'",
      );
      done = row?.done ?? 0;
      if (done >= SCHEDULES) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const allDoneMs = performance.now() - started;
    await jobs.stop();
    const summary = await store.one<{ ok: number; late: number; runs: number }>(
      `select count(*) filter (where outcome = 'SUCCESS')::int as ok, count(*) filter (where late)::int as late, count(*)::int as runs
         from report_runs where schedule_id like 'rs_bench_due_%'`,
    );
    return [
      `  scheduled reports (PGlite in memory; ${TRIPS * ALERTS_PER_TRIP} alerts on ${TRIPS} trips stored in ${Math.round(seededMs)} ms)`,
      `    exception report, ${TRIPS * ALERTS_PER_TRIP} alerts, 3 filters → ${rows} rows, ${Math.round(bytes / 1024)} KB xlsx: made in ${Math.round(median(made))} ms (median of 3; target ≤ 2000 ms)`,
      `    'Run now' of it (made, mailed to the outbox with the file, recorded): ${Math.round(median(runs))} ms (median of 3), ${outcome}`,
      `    ${SCHEDULES} schedules due at the same minute: ${summary?.runs ?? 0} runs, ${summary?.ok ?? 0} SUCCESS, ${summary?.late ?? 0} late; ` +
        `all finished ${(allDoneMs / 1000).toFixed(1)} s after the due time (target: within the minute)${done < SCHEDULES ? ` — ONLY ${done} FINISHED` : ''}`,
    ];
  } finally {
    await store.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await measureReportRuns()) console.log(line);
}
