import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withQuery } from '../../engine/data/http';
import { SERVICE_BASES, auditCalls, fullPath } from '../../schemas/api';
import type { ConfigCount } from '../../schemas/api/audit';
import { MSG } from '../../schemas/messages';
import { ALL_AUDITED } from '../../schemas/audited';
import { BACKENDS, bootFresh, type Call, type TestApp } from './helper';

const SUMMARY = fullPath(auditCalls.summary, SERVICE_BASES);

describe.each(BACKENDS)('configuration summary on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  /** The summary's counts by object type. */
  const summary = async (query: Record<string, string>) => {
    const answer = await call<{ data: ConfigCount[] }>('GET', withQuery(SUMMARY, query));
    expect(answer.status).toBe(200);
    return Object.fromEntries(answer.body.data.map((row) => [row.objectType, row]));
  };
  /** Rows of a table counted directly, as a check of the summary's own counting. */
  const rows = async (sql: string, params: unknown[]) => (await t.store.one<{ n: number }>(sql, params))!.n;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('reads the kept count of exactly the tables whose rows the database counts, and it matches the rows', async () => {
    const counted = await t.store.query<{ table: string }>(
      `select distinct event_object_table as table from information_schema.triggers
        where trigger_name = 'list_count_insert' order by 1`,
    );
    const declared = ALL_AUDITED.filter((declaration) => declaration.keptCount).map((declaration) => declaration.table);
    expect(counted.map((row) => row.table)).toEqual([...declared].sort());
    const counts = await summary({ c: '1001', t: 'CONSIGNOR' });
    for (const declaration of ALL_AUDITED.filter((d) => d.keptCount))
      expect(counts[declaration.objectType]?.count, declaration.table).toBe(
        await rows(`select count(*)::int as n from ${declaration.table} where company_id = '1001'`, []),
      );
  });

  it("counts each kind of the company's configuration, named in words", async () => {
    const counts = await summary({ c: '1001', t: 'CONSIGNOR' });
    const routes = await rows("select count(*)::int as n from routes where company_id = '1001'", []);
    expect(routes).toBeGreaterThan(0);
    expect(counts.route).toEqual({ objectType: 'route', label: 'Routes', count: routes });
    expect(counts.alert.count).toBe(
      await rows("select count(*)::int as n from alert_configs where company_id = '1001'", []),
    );
    expect(counts.place.label).toBe('Known places');
    expect(counts.notification_config.label).toBe('Notification configurations');
    // A waypoint is its route's: not a kind of its own here.
    expect(counts.waypoint).toBeUndefined();
  });

  it("with a branch, counts that branch's records of the kinds kept per branch (a branch in a JSON column too)", async () => {
    const counts = await summary({ c: '1001', t: 'CONSIGNOR', b: '3101' });
    expect(counts.route.count).toBe(
      await rows("select count(*)::int as n from routes where company_id = '1001' and branch_id = $1", ['3101']),
    );
    expect(counts.report_schedule.count).toBe(
      await rows(
        "select count(*)::int as n from report_schedules where company_id = '1001' and definition->>'branch_id' = $1",
        ['3101'],
      ),
    );
    expect(counts.route.count).toBeLessThan((await summary({ c: '1001', t: 'CONSIGNOR' })).route.count);
  });

  it('asks for a company first', async () => {
    const answer = await call('GET', SUMMARY);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(MSG.selectCompany);
  });
});
