import type { Queryable } from '../store/store';

/**
 * Tata Steel's (1001) report entity, which its demo report schedules hang from (their rows are the declaration's seed,
 * schemas/resources/report-schedules.ts). Idempotent.
 */
export async function seedReportSchedules(q: Queryable): Promise<void> {
  if (!(await q.one("select 1 from companies where id = '1001'"))) return;
  await q.query("insert into report_entities (id, company_id) values ('ent_tsl', '1001') on conflict do nothing");
}
