import { CronExpressionParser } from 'cron-parser';
import type { ReportRun } from '../../schemas/api/reports';
import {
  filterOperation,
  reportInputOf,
  storedDefinition,
  type StoredDefinition,
} from '../../schemas/report-definition';
import type { Mailer } from '../auth/mailer';
import { newId } from '../http/ids';
import { reportRunRepository as runs } from '../repos/report-run-repository';
import { cpuPool } from '../workers/cpu-pool';
import { XLSX_TYPE } from '../adapters/report-workbook';
import { DEFAULT_TIME_ZONE, fileStamp, timeText } from '../../schemas/time-format';
import { summaryWorkbook } from '../rules/report-sheets';
import type { Store } from '../store/store';
import type { JobQueue } from './queue';
import { randomUUID } from 'node:crypto';
import { ApiError } from '../http/envelope';
import type { Clock } from '../auth/rate-limit';
import { errorMessage } from '../errors';
import { isRecord } from '../../schemas/guards';
import {
  DEFAULT_QUOTAS,
  admitOutbound,
  OutboundRefused,
  requireOutbound,
  runTicket,
  settleOutbound,
  type OutboundQuotas,
  type OutboundRefusal,
} from '../rules/outbound-gate';
import { DEFAULT_LEASE_SECONDS, claimLease, orphans, underLease, type LeaseTiming } from './lease';

/**
 * Report schedules that run (issue 14). Each server instance ticks (every `tickSeconds`, and once at start): for
 * every active schedule it finds the latest due time of its cron not after now, and claims it by inserting the run
 * (schedule, due time), whose unique index lets one instance only win; the winner queues a job for the run in the
 * same transaction, and whichever instance takes the job makes the file, mails it and records the outcome. A due
 * time missed while no server was up is claimed at the next start, once (the latest one only), marked late. Due
 * times before a schedule's last change (creation, edit, switching on) are not caught up: a schedule switched on
 * again does not run for the times it was off. A disabled schedule is never claimed, and a run claimed just before
 * its schedule was disabled ends FAILED without mailing.
 */

/** The queue of report runs: one job per claimed due time, data `{ runId }`. */
export const REPORT_RUN_QUEUE = 'report-run';

/** A report run job's data, as {@link registerReportJob} sends it. */
const isRunJob = (data: unknown): data is { runId: string } => isRecord(data) && typeof data.runId === 'string';

/** A run claimed more than this long after its due time is late (a due time missed while no server was up). */
export const LATE_AFTER_MS = 2 * 60_000;

/** Why a run failed, as its record says it. */
export const REPORT_RUN_MSG = {
  disabled: 'The schedule was disabled before it ran',
  gone: 'The schedule no longer exists',
  noRecipients: 'The schedule has no e-mail recipients',
  mail: (to: string, message: string) => `Mailing ${to} failed: ${message}`,
  gaveUp: 'The run failed several times and was given up',
} as const;

/** 'Run now' of a schedule a live instance is running already. */
export const RUN_BUSY = 'This report is running already: its outcome shows in Last run when it ends';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * A stored Quartz cron (seconds first, `?` for "any", an optional year) as cron-parser reads it: `?` becomes `*`, a
 * year of any value is dropped, and Quartz's day-of-week numbers (1 = Sunday … 7 = Saturday) become cron's (0 … 6).
 * The schedules' crons are UTC times: their labels name the UTC time next to the India time ('8:30 AM IST (03:00
 * UTC)'), so they are evaluated in UTC.
 */
export function quartzToCron(quartz: string): string {
  const fields = quartz.trim().split(/\s+/);
  if (fields.length === 7) {
    if (fields[6] !== '*' && fields[6] !== '?') throw new Error(`unsupported year in cron '${quartz}'`);
    fields.pop();
  }
  if (fields.length !== 6) throw new Error(`cron '${quartz}' must have 6 or 7 fields`);
  fields[5] = fields[5].replace(/\d+/g, (d) => String((Number(d) + 6) % 7));
  return fields.map((f) => (f === '?' ? '*' : f)).join(' ');
}

/** The latest due time of a Quartz cron at or before `now` (ms), or null. */
export function latestDue(quartz: string, now: number): number | null {
  const expression = CronExpressionParser.parse(quartzToCron(quartz), {
    currentDate: new Date(Math.floor(now / 1000) * 1000 + 1000),
    tz: 'UTC',
  });
  try {
    const due = expression.prev().getTime();
    return due <= now ? due : null;
  } catch {
    return null;
  }
}

/** The next due time of a Quartz cron after `now` (ms). */
export function nextDue(quartz: string, now: number): number {
  return CronExpressionParser.parse(quartzToCron(quartz), { currentDate: new Date(now), tz: 'UTC' })
    .next()
    .getTime();
}

/** The recipients of a definition: its comma-separated addresses, trimmed, each once. */
export const recipientsOf = (d: StoredDefinition): string[] => [
  ...new Set(
    d.email_recipients
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  ),
];

/** A made report: its file, name, rows and what the mail says. */
interface MadeReport {
  file: Buffer;
  fileName: string;
  rows: number;
  subject: string;
  body: string;
}

const slug = (text: string) =>
  text
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'report';
/** A run's time in its file's name, India time with the zone named: '20261129-1114-IST'. */
const stamp = (ms: number) => fileStamp(ms, DEFAULT_TIME_ZONE);

/**
 * Makes the report of a schedule for reference time `at` (the due time, or the time of 'Run now'): the daily trip
 * summary of the 24 hours before `at`, or the exception report of the alerts its params and filters select.
 */
export async function makeReport(
  store: Store,
  schedule: { company_id: string; type: string; definition: unknown },
  at: number,
  now: number,
): Promise<MadeReport> {
  const definition = reportInputOf(schedule.definition);
  const branchId =
    definition.branch_id === undefined || definition.branch_id === null ? null : String(definition.branch_id);
  const company = await runs.companyName(store, schedule.company_id);
  const branches = await runs.branchNames(store, schedule.company_id);
  const branch = branchId === null ? null : (branches[branchId] ?? branchId);
  const whom = branch ? `${company} · ${branch}` : company;
  if (schedule.type === 'DAILY_TRIP_SUMMARY') {
    const from = at - 24 * HOUR;
    const trips = await runs.summaryTrips(store, schedule.company_id, branchId, from, at);
    const file = await summaryWorkbook(trips, { company, branch, branches, from, until: at, generatedAt: now });
    return {
      file,
      fileName: `daily-trip-summary-${slug(company)}-${stamp(at)}.xlsx`,
      rows: trips.length,
      subject: `Daily trip summary: ${whom}, ${timeText(at)}`,
      body: `The daily trip summary of ${whom} for ${timeText(from)} to ${timeText(at)}: ${trips.length} trip(s). The xlsx file is attached.`,
    };
  }
  const params = definition.params!;
  const closedMinutes = params['date.alert.closed.close_time.duration_mins'];
  const tripHours = params['date.trip.constraint.value'];
  const filters = definition.filters ?? [];
  const query = {
    companyId: schedule.company_id,
    branchId,
    types: [...params.event],
    tripStatuses: [...params.tripStatus],
    tripsFrom: at - tripHours * HOUR,
    closedFrom: at - closedMinutes * MINUTE,
    startedFrom: at - params['date.alert.inprogress.start_time.duration_mins'] * MINUTE,
    until: at,
  };
  // The alerts are read as one text and parsed, filtered and written in the worker pool: 50,000 of them would hold
  // the event loop for a few hundred milliseconds. A report is a job's work, so it waits for room there.
  const report = await cpuPool().run(
    'exceptionReport',
    {
      tripsJson: await runs.alertTripsJson(store, query),
      window: query,
      filters,
      at,
      about: {
        company,
        branch,
        branches,
        from: at - closedMinutes * MINUTE,
        until: at,
        generatedAt: now,
        details: [
          ['Alerts', params.event.join(', ')],
          ['Alerts closed within (min)', String(closedMinutes)],
          ['Trips started within (hours)', String(tripHours)],
          ['Trip status', params.tripStatus.map((s) => (s === 1 ? 'Open' : 'Closed')).join(', ')],
          ...filters.map((f, i): [string, string] => {
            const [operator, value] = filterOperation(f)!;
            return [
              `Filter ${i + 1}`,
              `${f.key} ${operator} ${Array.isArray(value) ? value.join(', ') : String(value)}`,
            ];
          }),
        ],
      },
    },
    { wait: true },
  );
  // The file crosses back as a Uint8Array (a Buffer inside an answer is cloned as one).
  const file = Buffer.from(report.file.buffer, report.file.byteOffset, report.file.byteLength);
  const { rows } = report;
  return {
    file,
    fileName: `exception-report-${slug(company)}-${stamp(at)}.xlsx`,
    rows,
    subject: `Exception report: ${whom}, ${timeText(at)}`,
    body: `The exception report of ${whom} at ${timeText(at)}: ${rows} alert(s) closed in the last ${closedMinutes} minutes. The xlsx file is attached.`,
  };
}

/** What carrying out a run needs beyond the store and the mailer: the outbound quotas and their clock. */
export interface RunGate {
  quotas: OutboundQuotas;
  clock?: Clock;
}

const DEFAULT_GATE: RunGate = { quotas: DEFAULT_QUOTAS };

/**
 * Takes a scheduled run's messages from its company's quotas, once (a run taken over is not counted again): answers
 * null when the run may mail, else why it may not (a daily ceiling reached ends it FAILED; a minute's quota used
 * defers it, see {@link carryOut}).
 */
async function charge(
  store: Store,
  runId: string,
  companyId: string,
  messages: number,
  gate: RunGate,
): Promise<OutboundRefusal | null> {
  return store
    .tx(async (q) => {
      if (!(await runs.chargeOnce(q, runId))) return null;
      const refusal = await admitOutbound(
        q,
        gate.quotas,
        { kind: 'scheduled', companyKey: companyId, messages },
        gate.clock,
        runTicket(runId),
      );
      if (refusal) throw new OutboundRefused(refusal);
      return null;
    })
    .catch((err: unknown) => {
      if (err instanceof OutboundRefused) return err.refusal;
      throw err;
    });
}

/**
 * Carries out a recorded run: makes the report, mails it to each recipient (one message each, the file attached)
 * and records the outcome, rows, recipients, error and file. Never throws for the report's own failures: a run
 * that cannot be made or mailed ends FAILED with the reason. A scheduled run first takes its messages from the
 * company's outbound quotas: over the daily ceiling it ends FAILED having mailed nobody; over a minute's quota it
 * stays RUNNING, deferred (its lease held by nobody until the wait is over, when a sweep takes it up).
 */
export async function carryOut(
  store: Store,
  mailer: Mailer,
  runId: string,
  now: () => number,
  gate: RunGate = DEFAULT_GATE,
): Promise<ReportRun & { dueMs: number | null }> {
  const run = (await runs.byId(store, runId))!;
  const schedule = await runs.schedule(store, run.scheduleId);
  const fail = async (error: string, recipients: string[] = [], made: MadeReport | null = null) => {
    await runs.finish(store, runId, {
      finishedAt: now(),
      outcome: 'FAILED',
      rows: made?.rows ?? null,
      recipients,
      error,
      fileName: made?.fileName ?? null,
      file: made?.file ?? null,
    });
    return (await runs.byId(store, runId))!;
  };
  if (!schedule) return fail(REPORT_RUN_MSG.gone);
  if (run.trigger === 'SCHEDULE' && Number(schedule.active) !== 1) return fail(REPORT_RUN_MSG.disabled);
  const recipients = recipientsOf(storedDefinition(schedule.definition));
  if (recipients.length > 0) {
    const refusal = await charge(store, runId, schedule.company_id, recipients.length, gate);
    if (refusal && (refusal.retryAfter === null || refusal.quota === 'companyDay'))
      return fail(refusal.message, recipients);
    if (refusal) {
      await runs.defer(store, runId, refusal.retryAfter!, gate.clock);
      return (await runs.byId(store, runId))!;
    }
  }
  let made: MadeReport;
  try {
    made = await makeReport(store, schedule, run.dueMs ?? new Date(run.startedAt).getTime(), now());
  } catch (err) {
    console.error(`report run ${runId}:`, errorMessage(err));
    return fail(`The report could not be made: ${errorMessage(err)}`, recipients);
  }
  if (recipients.length === 0) return fail(REPORT_RUN_MSG.noRecipients, recipients, made);
  const attachments = [{ filename: made.fileName, contentType: XLSX_TYPE, content: made.file }];
  // Every recipient is tried (one failing address does not keep the report from the others). Each message is sent
  // in the transaction that records it as mailed, after a check under the run's row lock: a run taken up again, or
  // carried out by two instances at once, mails nobody twice (into the outbox, exactly once).
  // Over SMTP (which no transaction holds back) the address is marked first and unmarked when the server refuses it:
  // an instance dying between the two leaves one recipient unmailed rather than mailed twice.
  const failures: string[] = [];
  const message = { subject: made.subject, body: made.body, attachments };
  for (const to of recipients) {
    try {
      if (mailer.kind === 'outbox') {
        await store.tx(async (q) => {
          if (await runs.markMailed(q, runId, to)) await mailer.send({ to, ...message }, q);
        });
      } else if (await runs.markMailed(store, runId, to)) {
        await mailer.send({ to, ...message }).catch(async (err: unknown) => {
          await runs.unmarkMailed(store, runId, to);
          throw err;
        });
      }
    } catch (err) {
      failures.push(REPORT_RUN_MSG.mail(to, String(errorMessage(err))));
    }
  }
  // The run's messages count from now, when the last of them went (see settleOutbound).
  await settleOutbound(store, runTicket(runId), gate.clock);
  if (failures.length)
    return fail(
      `${failures.join('; ')} (${recipients.length - failures.length} of ${recipients.length} sent)`,
      recipients,
      made,
    );
  await runs.finish(store, runId, {
    finishedAt: now(),
    outcome: 'SUCCESS',
    rows: made.rows,
    recipients,
    error: null,
    fileName: made.fileName,
    file: made.file,
  });
  return (await runs.byId(store, runId))!;
}

/** Who carries out runs on this instance: its lease owner name and lease timing (defaults: a fresh name, 20 s). */
export interface RunWorker extends RunGate {
  owner: string;
  lease: LeaseTiming;
}

const localWorker = (): RunWorker => ({
  quotas: DEFAULT_QUOTAS,
  owner: `local-${randomUUID()}`,
  lease: { seconds: DEFAULT_LEASE_SECONDS },
});

/** Carries out a run under its lease (renewed meanwhile, freed after); a run another live instance holds is left alone (null). */
async function carryOutLeased(store: Store, mailer: Mailer, runId: string, now: () => number, worker: RunWorker) {
  if (!(await claimLease(store, 'report_runs', runId, worker.owner, worker.lease))) return null;
  return underLease(store, 'report_runs', runId, worker.owner, worker.lease, () =>
    carryOut(store, mailer, runId, now, worker),
  );
}

/**
 * 'Run now': records a MANUAL run of a schedule, its messages taken from the desk's and company's quotas in the same
 * transaction (over a quota: 429, no run recorded, nothing sent), and carries it out under this instance's lease,
 * answering the finished run. A run of the schedule left by an instance that died (its lease ran out) is taken over
 * and finished instead of a new one, so that its recipients are not mailed twice.
 */
export async function runNow(
  store: Store,
  mailer: Mailer,
  schedule: { id: string; company_id: string; definition?: unknown },
  now: () => number = Date.now,
  worker: RunWorker = localWorker(),
  deskId?: string,
): Promise<ReportRun> {
  const recipients = schedule.definition === undefined ? [] : recipientsOf(storedDefinition(schedule.definition));
  // Under a lock of the schedule, so that two 'Run now' at once (on two instances) start one run: a run a live
  // instance holds answers 409, one whose instance died is taken over, else a new run is recorded, claimed by this
  // instance and its messages taken from the quotas.
  const id = await store.tx(async (q) => {
    await q.query(`select pg_advisory_xact_lock(hashtext('report-run:' || $1))`, [schedule.id]);
    if (await runs.running(q, schedule.id, worker.lease.clock)) throw new ApiError(409, [RUN_BUSY]);
    const orphan = await runs.orphanOf(q, schedule.id, worker.lease.clock);
    if (orphan) {
      if (!(await claimLease(q, 'report_runs', orphan, worker.owner, worker.lease)))
        throw new ApiError(409, [RUN_BUSY]);
      return orphan;
    }
    const started = newId('rr');
    if (deskId !== undefined) {
      await requireOutbound(
        q,
        worker.quotas,
        {
          kind: 'runNow',
          deskId,
          companyKey: schedule.company_id,
          scheduleId: schedule.id,
          messages: Math.max(1, recipients.length),
        },
        worker.clock,
        runTicket(started),
      );
    }
    await runs.startManual(q, {
      id: started,
      scheduleId: schedule.id,
      companyId: schedule.company_id,
      startedAt: now(),
      charged: deskId !== undefined,
    });
    await claimLease(q, 'report_runs', started, worker.owner, worker.lease);
    return started;
  });
  try {
    const done = await carryOutLeased(store, mailer, id, now, worker);
    if (!done) throw new ApiError(409, [RUN_BUSY]);
    const { dueMs: _due, ...run } = done;
    return run;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // The store failed under the run: it ends FAILED (never left RUNNING), and the caller hears why.
    await runs
      .finish(store, id, {
        finishedAt: now(),
        outcome: 'FAILED',
        rows: null,
        recipients: [],
        error: `The run failed: ${errorMessage(err)}`,
        fileName: null,
        file: null,
      })
      .catch(() => undefined);
    throw err;
  }
}

/** Run files are kept 30 days, and the newest 50 of each schedule; the scheduler frees older ones once an hour. */
const KEEP_FILES_MS = 30 * 24 * 3_600_000;
const KEEP_FILES_PER_SCHEDULE = 50;
const PRUNE_EVERY_MS = 3_600_000;

/** The scheduler of one server instance. */
export interface ReportScheduler {
  /** Claims every due time that is due and unclaimed, queueing a job for each; answers the ids of the runs claimed. */
  tick(): Promise<string[]>;
  /**
   * Takes over the runs whose lease ran out (their instance died, or a quota deferred them) and carries them out;
   * answers their ids once they are finished (or deferred again).
   */
  sweep(): Promise<string[]>;
  /** Starts ticking (once now, then every `tickSeconds`). */
  start(): void;
  /** Stops ticking and waits for a tick under way. */
  stop(): Promise<void>;
}

export interface ReportSchedulerOptions {
  /** The clock (ms since the epoch); tests move it. Default Date.now. */
  now?: () => number;
  /** Seconds between ticks (default 15: a due time is claimed within its minute); 0 = no timer (tests call tick). */
  tickSeconds?: number;
}

/** Registers the report run job on the queue and answers this instance's scheduler; `worker` names its leases. */
export function registerReportJob(
  queue: JobQueue,
  store: Store,
  mailer: Mailer,
  options: ReportSchedulerOptions = {},
  worker: RunWorker = localWorker(),
): ReportScheduler {
  const now = options.now ?? Date.now;
  const tickSeconds = options.tickSeconds ?? 15;

  queue.register(
    REPORT_RUN_QUEUE,
    isRunJob,
    async ({ runId }, { signal, lastAttempt }) => {
      // A stopping server starts no more runs: the job goes back to the queue (a run done already is skipped on replay).
      if (signal.aborted) throw new Error('stopped: the run is taken up again when the queue hands the job out');
      const run = await runs.byId(store, runId);
      // Done already (a job handed out again after it finished), or its schedule was deleted with its runs.
      if (run?.outcome !== 'RUNNING') return;
      try {
        // Held by another live instance (which took it over): nothing to do here.
        await carryOutLeased(store, mailer, runId, now, worker);
      } catch (err) {
        // The store failed under the run: the queue tries again; after the last attempt the run says it gave up.
        console.error(`report run ${runId}:`, errorMessage(err));
        if (lastAttempt && !signal.aborted) {
          await runs
            .finish(store, runId, {
              finishedAt: now(),
              outcome: 'FAILED',
              rows: null,
              recipients: [],
              error: REPORT_RUN_MSG.gaveUp,
              fileName: null,
              file: null,
            })
            .catch(() => undefined);
        }
        throw err;
      }
    },
    { retryLimit: 3, batchSize: 20 },
  );

  async function sweep(): Promise<string[]> {
    const taken: string[] = [];
    for (const runId of await orphans(store, 'report_runs', worker.lease)) {
      try {
        if (await carryOutLeased(store, mailer, runId, now, worker)) taken.push(runId);
      } catch (err) {
        console.error(`report run ${runId}:`, errorMessage(err));
      }
    }
    return taken;
  }

  let pruned = 0;
  async function tick(): Promise<string[]> {
    const at = now();
    const claimed: string[] = [];
    if (at - pruned >= PRUNE_EVERY_MS) {
      pruned = at;
      await runs.pruneFiles(store, at - KEEP_FILES_MS, KEEP_FILES_PER_SCHEDULE);
    }
    for (const s of await runs.dueCandidates(store)) {
      let due: number | null;
      try {
        due = latestDue(s.cron, at);
      } catch (err) {
        console.error(`report schedule ${s.id}:`, errorMessage(err));
        continue;
      }
      if (due === null || due <= Number(s.since) || (s.last_due !== null && due <= Number(s.last_due))) continue;
      const id = newId('rr');
      const won = await store.tx(async (q) => {
        if (
          !(await runs.claim(
            q,
            {
              id,
              scheduleId: s.id,
              companyId: s.company_id,
              dueAt: due,
              startedAt: at,
              late: at - due > LATE_AFTER_MS,
            },
            worker.lease,
          ))
        )
          return false;
        await queue.send(REPORT_RUN_QUEUE, { runId: id }, { db: q });
        return true;
      });
      if (won) claimed.push(id);
    }
    return claimed;
  }

  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<unknown> | null = null;
  const safeTick = () => {
    if (ticking) return;
    ticking = tick()
      .catch((err) => console.error('report scheduler:', errorMessage(err)))
      .finally(() => {
        ticking = null;
      });
  };
  return {
    tick,
    sweep,
    start() {
      if (tickSeconds <= 0 || timer) return;
      safeTick();
      timer = setInterval(safeTick, tickSeconds * 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await ticking;
    },
  };
}
