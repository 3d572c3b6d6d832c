import { newId } from '../http/ids';
import type { Queryable } from '../store/store';

/** What 'Run now' reads of a schedule: its company, whether it is active, and its definition (jsonb, or its text). */
export interface ScheduleToRun {
  id: string;
  company_id: string;
  active: number;
  definition: unknown;
}

/**
 * The SQL of the report service (spec 001 sections 2.6, 2.7 and 7) beside the schedules' declaration
 * (schemas/resources/report-schedules.ts, whose repository reads and writes them): a company's report entity, a
 * schedule as 'Run now' reads it, and whether a definition's branch is the company's.
 */
export const reportScheduleRepository = {
  /** The company's report entity, created on first use. */
  async entityOf(q: Queryable, companyId: string): Promise<string> {
    await q.query('insert into report_entities (id, company_id) values ($1, $2) on conflict (company_id) do nothing', [
      newId('ent'),
      companyId,
    ]);
    const row = await q.one<{ id: string }>('select id from report_entities where company_id = $1', [companyId]);
    return row!.id;
  },
  /**
   * Schedule `id` as 'Run now' reads it, or null when there is none. Whether it is within reach of the scope is its
   * call's `owns` (aggregate `reportSchedule`).
   */
  toRun(q: Queryable, id: string): Promise<ScheduleToRun | null> {
    return q.one<ScheduleToRun>('select id, company_id, active, definition from report_schedules where id = $1', [id]);
  },
  /** The stored type and branch of schedule `id` (what an edit keeps), or null when there is none. */
  placeOf(q: Queryable, id: string): Promise<{ type: string; branch_id: string | null } | null> {
    return q.one('select type, branch_id from report_schedules where id = $1 for update', [id]);
  },
  /** Whether the branch is the company's. */
  async hasBranch(q: Queryable, companyId: string, branchId: string): Promise<boolean> {
    return !!(await q.one('select 1 from branches where id = $1 and company_id = $2', [branchId, companyId]));
  },
};
