import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, type Answer, type Call, type TestApp } from './helper';
import { SERVICE_BASES, fullPath } from '../../schemas/api';
import { configCopyCalls } from '../../schemas/api/config-copy';
import { ALL_AUDITED, declarationOf } from '../../schemas/audited';

/**
 * A model-based property test of change history (issue 33): two desks, three companies with branches, random
 * sequences of edits, creations, deletions, copies (whole company and into a branch), reverts of entries and change
 * sets (a revert's too), some sent at once in pairs, and tokens sent again. After every step: no row of a company
 * outside the step's targets changed, each token wrote at most once, a revert put back exactly the entry's
 * before-values or was refused with 409, nothing answered 5xx. `CHANGE_HISTORY_RUNS` (2) sequences of up to
 * `CHANGE_HISTORY_STEPS` (14) steps from `CHANGE_HISTORY_SEED` (fixed); `npm run bench` runs a longer one.
 */
const RUNS = Number(process.env.CHANGE_HISTORY_RUNS ?? 2);
const STEPS = Number(process.env.CHANGE_HISTORY_STEPS ?? 14);
const SEED = Number(process.env.CHANGE_HISTORY_SEED ?? 20261129);

const path = (call: Parameters<typeof fullPath>[0]) => fullPath(call, SERVICE_BASES);
const COMPANIES = { '1001': ['3101', '3102'], '1002': ['3201', '3202'], '1003': ['3301', '3302'] } as const;
type Company = keyof typeof COMPANIES;
const company = fc.constantFrom<Company>('1001', '1002', '1003');
const AREAS = ['alerts', 'dashboards', 'autoClosure', 'reportSchedules', 'uiConfig'] as const;

/** What one step does; `pick` chooses among what exists when it runs. */
type Step =
  | { kind: 'edit'; company: Company; pick: number; desk: number }
  | { kind: 'create'; company: Company; desk: number; branch: boolean }
  | { kind: 'delete'; company: Company; pick: number; desk: number }
  | { kind: 'landing'; company: Company; pick: number; desk: number }
  | { kind: 'copy'; source: Company; target: Company; branch: boolean; area: (typeof AREAS)[number]; sends: number }
  | { kind: 'revertEntry'; company: Company; pick: number; sends: number }
  | { kind: 'revertSet'; company: Company; pick: number; sends: number }
  | { kind: 'pair'; first: Step; second: Step };

const desk = fc.integer({ min: 0, max: 1 });
const pick = fc.nat(1000);
const sends = fc.integer({ min: 1, max: 3 });
const single: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('edit' as const), company, pick, desk }),
  fc.record({ kind: fc.constant('create' as const), company, desk, branch: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), company, pick, desk }),
  fc.record({ kind: fc.constant('landing' as const), company, pick, desk }),
  fc
    .record({
      kind: fc.constant('copy' as const),
      source: company,
      target: company,
      branch: fc.boolean(),
      area: fc.constantFrom(...AREAS),
      sends,
    })
    .filter((step) => step.source !== step.target),
  fc.record({ kind: fc.constant('revertEntry' as const), company, pick, sends }),
  fc.record({ kind: fc.constant('revertSet' as const), company, pick, sends }),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: single },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pair' as const), first: single, second: single }) },
);

/** Columns a revert leaves or that are computed: not compared with the entry's before-values. */
const NOT_RESTORED = new Set(['version', 'updated_at', 'updated_by', 'search_text']);

describe.each(BACKENDS)('change history as a model on $name', (backend) => {
  let t: TestApp;
  const desks: Call[] = [];
  beforeAll(async () => {
    t = await bootFresh(backend);
    desks.push((await t.login('ops@demo.local')).call, (await t.login('ops@demo.local')).call);
  });
  afterAll(() => t?.close());

  /** Each company's audited rows as one digest per table. */
  const snapshot = async (): Promise<Map<string, string>> => {
    const parts = ALL_AUDITED.map((d) =>
      typeof d.tenant === 'string'
        ? `select '${d.table}' as tbl, t.company_id as company, md5(string_agg(to_jsonb(t)::text, ',' order by to_jsonb(t)::text)) as digest
             from ${d.table} t group by t.company_id`
        : `select '${d.table}', p.company_id, md5(string_agg(to_jsonb(t)::text, ',' order by to_jsonb(t)::text))
             from ${d.table} t join ${d.tenant.parent} p on p.id = t.${d.tenant.via} group by p.company_id`,
    );
    const rows = await t.store.query<{ tbl: string; company: string; digest: string }>(parts.join(' union all '));
    return new Map(rows.map((row) => [`${row.company}/${row.tbl}`, row.digest]));
  };

  /** Every answer of the run: none may be 5xx. */
  const answers: Answer[] = [];
  const send = async (deskNo: number, method: string, url: string, body?: object) => {
    const answer = await desks[deskNo](method, url, body);
    answers.push(answer);
    expect(answer.status, `${method} ${url} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
    return answer;
  };

  /** A direct change by a desk, in a transaction that names it (as the API does). */
  const asDesk = (deskNo: number, sql: string, params: unknown[]) =>
    t.store.tx(async (q) => {
      await q.query("select set_config('app.user_id', $1, true)", [`usr_model_${deskNo}`]);
      await q.query(sql, params);
    });

  /** Sends a write with its token `times` at once: at most one writes, the others answer 409 already applied. */
  const applyTimes = async (times: number, url: string, body: object) => {
    const sent = await Promise.all(Array.from({ length: times }, (_, i) => send(i % 2, 'POST', url, body)));
    const written = sent.filter((a) => a.status === 200);
    expect(written.length).toBeLessThanOrEqual(1);
    if (written.length === 1) for (const other of sent.filter((a) => a !== written[0])) expect(other.status).toBe(409);
    return written[0];
  };

  /** Runs a step; answers the companies it may write to. */
  async function run(s: Step): Promise<Company[]> {
    switch (s.kind) {
      case 'pair': {
        const [a, b] = await Promise.all([run(s.first), run(s.second)]);
        return [...a, ...b];
      }
      case 'edit': {
        const rows = await t.store.query<{ id: string }>(
          'select id from alert_configs where company_id = $1 order by id',
          [s.company],
        );
        if (rows.length > 0)
          await asDesk(s.desk, 'update alert_configs set enabled = not enabled where id = $1', [
            rows[s.pick % rows.length].id,
          ]);
        return [s.company];
      }
      case 'create': {
        const branch = s.branch ? COMPANIES[s.company][0] : null;
        await asDesk(
          s.desk,
          `insert into dashboards (id, company_id, branch_id, feature_key, dashboard_type, extra_context, enabled)
           values ('dsh_model_' || md5(random()::text), $1, $2, 'model_' || floor(random() * 5)::int, 'TRIP', '{}'::jsonb, true)`,
          [s.company, branch],
        );
        return [s.company];
      }
      case 'delete': {
        const rows = await t.store.query<{ id: string }>(
          "select id from dashboards where company_id = $1 and feature_key like 'model_%' order by id",
          [s.company],
        );
        if (rows.length > 0)
          await asDesk(s.desk, 'delete from dashboards where id = $1', [rows[s.pick % rows.length].id]);
        return [s.company];
      }
      case 'landing': {
        // Landing pages are keyed by a target that every company has: set, changed or removed.
        const target = `role:${s.pick % 2}`;
        if (s.pick % 4 === 3)
          await asDesk(
            s.desk,
            'delete from sidebar_landing_pages where company_id = $1 and branch_id is null and target = $2',
            [s.company, target],
          );
        else
          await asDesk(
            s.desk,
            `insert into sidebar_landing_pages (company_id, target, landing_page) values ($1, $2, $3)
             on conflict (company_id, coalesce(branch_id, ''), target) do update set landing_page = excluded.landing_page`,
            [s.company, target, `/page-${s.pick}`],
          );
        return [s.company];
      }
      case 'copy': {
        const body = {
          c: s.source,
          tc: s.target,
          tb: s.branch ? COMPANIES[s.target][1] : null,
          items: [{ area: s.area }],
        };
        const seen = await send(0, 'POST', path(configCopyCalls.copyPreview), body);
        if (seen.status === 200)
          await applyTimes(s.sends, path(configCopyCalls.copyApply), { ...body, token: seen.body.data.token });
        return [s.target];
      }
      case 'revertEntry':
      case 'revertSet': {
        const target =
          s.kind === 'revertEntry'
            ? await t.store.query<{ id: number }>(
                `select id::int as id from audit_log where company_id = $1
                    and object_type in ('alert', 'dashboard', 'auto_closure', 'report_schedule', 'ui_config', 'landing_page')
                    and ($2 or user_id like 'usr_model_%')
                  order by id desc limit 8`,
                // Half the time one of the desks' own edits (a copy writes many entries that would hide them).
                [s.company, s.pick % 2 === 0],
              )
            : await t.store.query<{ id: string }>(
                'select id from change_sets where company_id = $1 order by at desc, id limit 10',
                [s.company],
              );
        if (target.length === 0) return [];
        const chosen = target[s.pick % target.length].id;
        const body = { c: s.company, ...(s.kind === 'revertEntry' ? { entry: chosen } : { changeSet: chosen }) };
        const seen = await send(1, 'POST', path(configCopyCalls.revertPreview), body);
        if (seen.status !== 200) {
          expect([400, 404, 409]).toContain(seen.status);
          return [];
        }
        const written = await applyTimes(s.sends, path(configCopyCalls.revert), {
          ...body,
          token: seen.body.data.token,
        });
        if (written && s.kind === 'revertEntry') await expectRestored(Number(chosen));
        return [s.company];
      }
    }
  }

  /** After a revert of one entry: its record is the entry's before-values (absent when it had none). */
  async function expectRestored(entryId: number) {
    const entry = await t.store.one<{
      object_type: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>('select object_type, before, after from audit_log where id = $1', [entryId]);
    const declaration = declarationOf(entry!.object_type);
    const key = (entry!.after ?? entry!.before)!;
    const now = await t.store.one<{ doc: Record<string, unknown> }>(
      `select to_jsonb(t) as doc from ${declaration.table} t where ${declaration.key.map((c, i) => `t."${c}"::text = $${i + 1}`).join(' and ')}`,
      declaration.key.map((c) => String(key[c])),
    );
    if (entry!.before === null) expect(now).toBe(null);
    else
      for (const [column, value] of Object.entries(entry!.before))
        if (!NOT_RESTORED.has(column)) expect(now?.doc[column], `${declaration.table}.${column}`).toEqual(value);
  }

  it('keeps every other company as it was, writes each token once and reverts exactly, whatever the sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: STEPS }), async (steps) => {
        for (const s of steps) {
          const before = await snapshot();
          const applied = await t.store.one<{ n: number }>('select count(*)::int as n from applied_previews');
          const touched = new Set(await run(s));
          const after = await snapshot();
          for (const [key, digest] of new Set([...before, ...after].map(([k]) => [k, before.get(k)] as const))) {
            const [owner] = key.split('/');
            if (!touched.has(owner as Company))
              expect(after.get(key), `${key} changed by ${JSON.stringify(s)}`).toBe(digest);
          }
          // A token is recorded once, by the one write it authorised.
          const tokens = await t.store.one<{ n: number; distinct: number }>(
            'select count(*)::int as n, count(distinct change_set)::int as distinct from applied_previews',
          );
          expect(tokens!.n).toBe(tokens!.distinct);
          expect(tokens!.n).toBeGreaterThanOrEqual(applied!.n);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true, verbose: 1 },
    );
    // The sequences did write: copies and reverts were applied, not only refused.
    const written = await t.store.query<{ kind: string }>('select distinct kind from change_sets order by 1');
    expect(written.map((row) => row.kind)).toEqual(['copy', 'revert']);
    const statuses: Record<number, number> = {};
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    console.info(`change history model on ${backend.name}: ${JSON.stringify(statuses)}`);
  }, 300_000);
});
