/**
 * BENCH_PROPOSALS (on unless BENCH_PROPOSALS=0): changes proposed, reviewed and applied (issue 39) at scale, the server
 * (tests/bench/server.ts, as `npm start` builds the API, its sweep every 10 s as `npm start` runs it) on a fresh
 * PGlite directory and, with DATABASE_URL, a fresh PostgreSQL database. Seeded beside the demo: {@link COMPANIES}
 * consignor companies, each with {@link HOLIDAYS_PER_COMPANY} holidays and {@link TRANSPORTERS_PER_COMPANY}
 * transporters; then, through the API, {@link PROPOSALS} proposals of {@link ITEMS} updates each (40 holidays renamed,
 * 10 transporters given a new contact), ten per company, each of records of its own:
 * - the Changes list of a company, `GET /saas/lego/proposals?c=` (its ten pending proposals; target 300 ms, median and
 *   p95 of {@link RUNS} calls after a warm-up);
 * - one proposal in words, `GET /saas/lego/proposals/:id?c=` of a 50-item proposal (target 300 ms, median and p95 of
 *   {@link RUNS} calls, each of another proposal);
 * - all of them approved by another desk and scheduled (`apply` with `at`) for the same instant: the time from then
 *   until the server's own sweep has applied every one (target: within the minute), with `/health` every 50 ms
 *   meanwhile (p99 target 50 ms); every proposal checked applied (a failure named), and the records checked written.
 * `node --import tsx tests/bench/proposals.ts` runs this part alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { proposalCalls } from '../../schemas/api/proposals';
import { seed } from '../../server/seed/seed';
import { migrate } from '../../server/store/migrate';
import { openStore } from '../../server/store/open-store';
import { callPath } from '../e2e/harness';
import { createPgDatabase } from '../setup/db-template';
import { deskToken, healthProbe, startServer } from './trips';

const COMPANIES = 10;
const PROPOSALS = 100;
const ITEMS = 50;
/** Of each proposal's items: holidays renamed; the rest transporters given a new contact. */
const HOLIDAY_ITEMS = 40;
const TRANSPORTER_ITEMS = ITEMS - HOLIDAY_ITEMS;
const PER_COMPANY = PROPOSALS / COMPANIES;
const HOLIDAYS_PER_COMPANY = PER_COMPANY * HOLIDAY_ITEMS;
const TRANSPORTERS_PER_COMPANY = PER_COMPANY * TRANSPORTER_ITEMS;
const RUNS = 30;
const PROPOSER = 'ops@demo.local';
const REVIEWER = 'ops2@demo.local';
/** The bench's companies (none of the demo seed's). */
const COMPANY_IDS = Array.from({ length: COMPANIES }, (_, i) => String(1301 + i));
/** Time left between the last schedule call and the instant they are all due (the sweep must not find one early). */
const LEAD_MS = 3_000;
/** How long the sweep may take before the bench gives up waiting (well past the target). */
const GIVE_UP_MS = 180_000;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
/** The `q` quantile (nearest rank) of `values`. */
const quantile = (values: number[], q: number) => sorted(values)[Math.max(0, Math.ceil(q * values.length) - 1)] ?? NaN;
const ms = (value: number) => `${Math.round(value)} ms`;

/** The holidays and transporters of the bench's companies, on a migrated and seeded store. */
async function seedRecords(where: { dataDir?: string; databaseUrl?: string }): Promise<void> {
  const store = await openStore(where);
  try {
    await migrate(store);
    await seed(store);
    await store.tx(async (q) => {
      for (const [k, company] of COMPANY_IDS.entries()) {
        await q.query(`insert into companies (id, name, type) values ($1, $2, 'CONSIGNOR')`, [
          company,
          `Proposals Bench ${k + 1} Limited`,
        ]);
        // One a day from 2027-01-01, all India: each (date, region) once in the company.
        await q.query(
          `insert into holidays (id, company_id, branch_id, name, holiday_date, region, no_alerts, version, updated_by, updated_at)
           select 'hol_bench_' || $1 || '_' || n, $1, null, 'Bench holiday ' || n, date '2027-01-01' + n, 'All India',
                  false, 1, 'ops@demo.local', $3::bigint
             from generate_series(0, $2::int - 1) n`,
          [company, HOLIDAYS_PER_COMPANY, Date.now()],
        );
        await q.query(
          `insert into transporters (id, company_id, transporter_name, branch, address, state, city, contact_person,
                                     phone_number, active, uid, created_by, updated_by)
           select 'trn_bench_' || $1 || '_' || n, $1, 'Bench Transporter ' || n, 'Pune', 'Gat ' || n || ', Chakan MIDC',
                  'Maharashtra', 'Pune', 'Contact ' || n, '98' || lpad(n::text, 8, '0'), true, 'BT-' || n,
                  'ops@demo.local', 'ops@demo.local'
             from generate_series(0, $2::int - 1) n`,
          [company, TRANSPORTERS_PER_COMPANY],
        );
      }
    });
    await store.exec('analyze');
  } finally {
    await store.close();
  }
}

/** The items of the `k`th proposal of a company: its own 40 holidays and 10 transporters, each read at version 1. */
function itemsOf(company: string, k: number) {
  const holidays = Array.from({ length: HOLIDAY_ITEMS }, (_, i) => {
    const n = k * HOLIDAY_ITEMS + i;
    const date = new Date(Date.UTC(2027, 0, 1 + n)).toISOString().slice(0, 10);
    return {
      resource: 'holidays',
      action: 'update',
      id: `hol_bench_${company}_${n}`,
      version: 1,
      body: { name: `Bench holiday ${n} (revised)`, date, region: 'All India', noAlerts: n % 2 === 0 },
    };
  });
  const transporters = Array.from({ length: TRANSPORTER_ITEMS }, (_, i) => {
    const n = k * TRANSPORTER_ITEMS + i;
    return {
      resource: 'transporters',
      action: 'update',
      id: `trn_bench_${company}_${n}`,
      version: 1,
      body: { contactPerson: `New contact ${n}`, phoneNumber: `97${String(n).padStart(8, '0')}` },
    };
  });
  return [...holidays, ...transporters];
}

/** A call's answer and time (ms, by the client); throws on anything but a 2xx. */
async function call<T>(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: unknown,
): Promise<{ ms: number; bytes: number; answer: { data: T; total?: number } }> {
  const start = performance.now();
  const res = await fetch(url, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const took = performance.now() - start;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return { ms: took, bytes: text.length, answer: JSON.parse(text) as { data: T; total?: number } };
}

interface ProposalRow {
  id: string;
  state: string;
  appliedAt: number | null;
  error: string | null;
}

/** Each company's proposals of `state`, every page (the list's largest page, 100). */
async function proposalsIn(apiUrl: string, headers: Record<string, string>, state: string): Promise<ProposalRow[]> {
  const rows: ProposalRow[] = [];
  for (const c of COMPANY_IDS) {
    for (let page = 1; ; page++) {
      const url = `${apiUrl}${callPath(proposalCalls.list, { c, state, size: 100, page })}`;
      const { answer } = await call<ProposalRow[]>(url, headers);
      rows.push(...answer.data);
      if (answer.data.length < 100) break;
    }
  }
  return rows;
}

/** How many of the bench's proposals are still `scheduled`: each company's list of that state, its total. */
async function stillScheduled(apiUrl: string, headers: Record<string, string>, companies: string[]): Promise<string[]> {
  const left: string[] = [];
  for (const c of companies) {
    const url = `${apiUrl}${callPath(proposalCalls.list, { c, state: 'scheduled', size: 1 })}`;
    const { answer } = await call<unknown[]>(url, headers);
    if ((answer.total ?? answer.data.length) > 0) left.push(c);
  }
  return left;
}

/** What the apply wrote, read from the store once the server has stopped. */
async function writtenRecords(where: { dataDir?: string; databaseUrl?: string }) {
  const store = await openStore(where);
  try {
    const row = await store.one<{ holidays: number; transporters: number; sets: number; audit: number }>(
      `select (select count(*) from holidays where company_id = any($1::text[]) and name like '% (revised)' and version = 2)::int as holidays,
              (select count(*) from transporters where company_id = any($1::text[]) and contact_person like 'New contact %' and version = 2)::int as transporters,
              (select count(*) from change_sets where company_id = any($1::text[]) and kind = 'proposal')::int as sets,
              (select count(*) from audit_log where company_id = any($1::text[]) and change_set is not null)::int as audit`,
      [COMPANY_IDS],
    );
    return row ?? { holidays: 0, transporters: 0, sets: 0, audit: 0 };
  } finally {
    await store.close();
  }
}

/** Every figure on one backend: the store at `where`, the server with `env`. */
async function measureOn(
  backend: string,
  where: { dataDir?: string; databaseUrl?: string },
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<string[]> {
  const seeding = performance.now();
  await seedRecords(where);
  const seededMs = performance.now() - seeding;
  const server = await startServer(dataDir, env);
  const lines: string[] = [];
  try {
    const proposer = { authorization: `Bearer ${await deskToken(server.apiUrl, PROPOSER)}` };
    const reviewer = { authorization: `Bearer ${await deskToken(server.apiUrl, REVIEWER)}` };

    // The proposals, through the API: each item checked as its own call checks it.
    const proposeMs: number[] = [];
    const ids: { id: string; c: string }[] = [];
    for (let k = 0; k < PER_COMPANY; k++) {
      for (const c of COMPANY_IDS) {
        const made = await call<{ id: string }>(
          `${server.apiUrl}${callPath(proposalCalls.propose, { c })}`,
          proposer,
          'POST',
          {
            title: `Bench change ${k + 1} of ${c}`,
            comment: 'Holidays renamed, contacts changed',
            items: itemsOf(c, k),
          },
        );
        proposeMs.push(made.ms);
        ids.push({ id: made.answer.data.id, c });
      }
    }

    // 1. The Changes list of each company (its ten pending proposals of 50 items), and one proposal in words.
    const listUrl = (c: string) => `${server.apiUrl}${callPath(proposalCalls.list, { c })}`;
    for (const c of COMPANY_IDS) await call(listUrl(c), reviewer);
    const lists: number[] = [];
    let listBytes = 0;
    let listed = 0;
    for (let i = 0; i < RUNS; i++) {
      const { ms: took, bytes, answer } = await call<unknown[]>(listUrl(COMPANY_IDS[i % COMPANIES]!), reviewer);
      lists.push(took);
      listBytes = bytes;
      listed = answer.data.length;
    }
    const getUrl = (p: { id: string; c: string }) =>
      `${server.apiUrl}${callPath(proposalCalls.get, { c: p.c }, { id: p.id })}`;
    await call(getUrl(ids[0]!), reviewer);
    const gets: number[] = [];
    let getBytes = 0;
    let changes = 0;
    let fields = 0;
    for (let i = 0; i < RUNS; i++) {
      const url = getUrl(ids[(i * 7 + 1) % ids.length]!);
      const { ms: took, bytes, answer } = await call<{ changes: { fields: unknown[] }[] }>(url, reviewer);
      gets.push(took);
      getBytes = bytes;
      changes = answer.data.changes.length;
      fields = answer.data.changes.reduce((n, change) => n + change.fields.length, 0);
    }

    // 2. Approved by the other desk, then scheduled for one instant (the apply call with `at`).
    const decideMs: number[] = [];
    for (const p of ids) {
      const url = `${server.apiUrl}${callPath(proposalCalls.decide, { c: p.c }, { id: p.id })}`;
      decideMs.push((await call(url, reviewer, 'POST', { decision: 'approve', comment: 'Fine' })).ms);
    }
    const scheduleCall = (p: { id: string; c: string }, at: number) =>
      call(`${server.apiUrl}${callPath(proposalCalls.apply, { c: p.c }, { id: p.id })}`, reviewer, 'POST', { at });
    // The instant: after the schedule calls (timed on one first) and a margin.
    const first = await scheduleCall(ids[0]!, Date.now() + 600_000);
    const due = Date.now() + Math.ceil(first.ms * ids.length * 2) + LEAD_MS;
    const scheduleMs: number[] = [];
    for (const p of ids) scheduleMs.push((await scheduleCall(p, due)).ms);
    const lastScheduled = Date.now();

    const probe = healthProbe(server.apiUrl, 50);
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
    let left = [...COMPANY_IDS];
    while (left.length > 0 && Date.now() - due < GIVE_UP_MS) {
      left = await stillScheduled(server.apiUrl, reviewer, left);
      if (left.length > 0) await new Promise((r) => setTimeout(r, 250));
    }
    const polledDoneMs = Date.now() - due;
    const health = await probe.stop();
    const applied = await proposalsIn(server.apiUrl, reviewer, 'applied');
    const failed = await proposalsIn(server.apiUrl, reviewer, 'failed');
    const scheduled = await proposalsIn(server.apiUrl, reviewer, 'scheduled');
    const times = sorted(applied.map((p) => p.appliedAt ?? 0));
    // Gaps between one apply and the next within a sweep: each apply's length, near enough.
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    const inSweep = gaps.filter((gap) => gap < 2_000);
    const sweeps = gaps.length ? gaps.length - inSweep.length + 1 : 0;
    const lastMs = times.length ? times.at(-1)! - due : NaN;
    const allApplied = applied.length === PROPOSALS;

    lines.push(
      `  proposals (${backend}; ${COMPANIES} companies with ${HOLIDAYS_PER_COMPANY} holidays and ${TRANSPORTERS_PER_COMPANY} transporters each, seeded in ${ms(seededMs)})`,
      `    ${PROPOSALS} proposals of ${ITEMS} updates proposed through the API: ${ms(quantile(proposeMs, 0.5))} each (median), p95 ${ms(quantile(proposeMs, 0.95))}`,
      `    Changes list, GET proposals?c= (${listed} pending of ${ITEMS} items, ${Math.round(listBytes / 1024)} KB): ` +
        `p50 ${ms(quantile(lists, 0.5))}, p95 ${ms(quantile(lists, 0.95))} (target ≤ 300 ms; ${RUNS} calls)`,
      `    a proposal in words, GET proposals/:id (${changes} changes, ${fields} fields, ${Math.round(getBytes / 1024)} KB): ` +
        `p50 ${ms(quantile(gets, 0.5))}, p95 ${ms(quantile(gets, 0.95))} (target ≤ 300 ms; ${RUNS} calls)`,
      `    approved by the other desk ${ms(quantile(decideMs, 0.5))} each (median); scheduled ${ms(quantile(scheduleMs, 0.5))} each, ` +
        `the last ${((due - lastScheduled) / 1000).toFixed(1)} s before they were due`,
      `    ${PROPOSALS} scheduled for the same instant, applied by the server's sweep (every 10 s): ${applied.length} applied, ` +
        `${failed.length} failed, ${scheduled.length} still scheduled; the last applied ${(lastMs / 1000).toFixed(1)} s after the due time ` +
        `(seen by polling after ${(polledDoneMs / 1000).toFixed(1)} s; target: within the minute, ≤ 60 s)` +
        (allApplied ? '' : ' — NOT ALL APPLIED'),
      `      first applied ${((times[0]! - due) / 1000).toFixed(1)} s after due; ${sweeps} sweep(s); one apply of ${ITEMS} items ` +
        `about ${ms(quantile(inSweep, 0.5))} (median gap between applies within a sweep, max ${ms(Math.max(0, ...inSweep))})`,
      ...failed.slice(0, 5).map((p) => `      FAILED ${p.id}: ${p.error}`),
      health.line,
    );
  } finally {
    await server.stop();
  }
  const written = await writtenRecords(where);
  const expected = { holidays: PROPOSALS * HOLIDAY_ITEMS, transporters: PROPOSALS * TRANSPORTER_ITEMS };
  const whole = written.holidays === expected.holidays && written.transporters === expected.transporters;
  lines.push(
    `    written: ${written.holidays} of ${expected.holidays} holidays, ${written.transporters} of ${expected.transporters} transporters, ` +
      `${written.sets} change sets of kind proposal, ${written.audit} audit entries in them${whole ? '' : ' — RECORDS MISSING'}`,
  );
  return lines;
}

export async function measureProposals(): Promise<string[]> {
  const lines: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'lego-bench-proposals-'));
  try {
    lines.push(...(await measureOn('PGlite', { dataDir }, dataDir)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const db = await createPgDatabase(adminUrl, 'lego_bench_proposals_');
    const emptyDir = mkdtempSync(join(tmpdir(), 'lego-bench-proposals-pg-'));
    try {
      lines.push(...(await measureOn('PostgreSQL', { databaseUrl: db.url }, emptyDir, { DATABASE_URL: db.url })));
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
      await db.drop();
    }
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log((await measureProposals()).join('\n'));
