import type { ReportType } from '../../schemas/report-schedule';
import type { StoredDefinition } from '../../schemas/report-definition';
import { newId } from '../http/ids';
import { versionedTable, type Expected } from './versioned';
import type { Queryable } from '../store/store';

/** A definition as stored (schemas/report-definition.ts). */
export type { StoredDefinition };

/** A report schedule row. */
export interface ReportScheduleRow {
  id: string;
  entity_id: string;
  company_id: string;
  type: ReportType;
  active: number;
  /** jsonb, which a driver may hand back as text. */
  definition: StoredDefinition | string;
  job_uuid: string;
  /** The row version (the ETag; not part of the answer's body). */
  version: number;
}

/** What an update changes: the definition, the active flag, or both. */
export interface ReportScheduleChange {
  definition?: StoredDefinition;
  active?: 0 | 1;
}

/** A new schedule (stored active). */
export interface NewReportSchedule {
  id: string;
  entityId: string;
  companyId: string;
  type: ReportType;
  definition: StoredDefinition;
  jobUuid: string;
}

const SELECT = 'select id, entity_id, company_id, type, active, definition, job_uuid, version from report_schedules';

/** The schedules' versioned writes (If-Match). */
const versioned = versionedTable('report_schedules');

/** The SQL of the report service (spec 001 sections 2.6, 2.7 and 7): companies' report entities and their schedules. */
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
  /** Whether the entity is the company's. */
  async isEntityOf(q: Queryable, entityId: string, companyId: string): Promise<boolean> {
    return !!(await q.one('select 1 from report_entities where id = $1 and company_id = $2', [entityId, companyId]));
  },
  /** The entity's schedules of one type (with a branch, only the definitions naming it), oldest first. */
  list(q: Queryable, entityId: string, type: ReportType, branchId: string | null): Promise<ReportScheduleRow[]> {
    return q.query<ReportScheduleRow>(
      `${SELECT} where entity_id = $1 and type = $2 and ($3::text is null or definition->>'branch_id' = $3) order by created_at, id`,
      [entityId, type, branchId],
    );
  },
  /**
   * Schedule `id`, or null when there is none. Whether it is within reach of the scope (the company's and, with a
   * branch, that branch's or a company-level one) is its call's `owns` (aggregate `reportSchedule`).
   */
  byId(q: Queryable, id: string): Promise<ReportScheduleRow | null> {
    return q.one<ReportScheduleRow>(`${SELECT} where id = $1`, [id]);
  },
  /** Schedule `id` as just saved. */
  async get(q: Queryable, id: string): Promise<ReportScheduleRow> {
    return (await q.one<ReportScheduleRow>(`${SELECT} where id = $1`, [id]))!;
  },
  async insert(q: Queryable, schedule: NewReportSchedule): Promise<void> {
    await q.query(
      `insert into report_schedules (id, entity_id, company_id, type, active, definition, cron, job_uuid)
       values ($1, $2, $3, $4, 1, $5::jsonb, $6, $7)`,
      [
        schedule.id,
        schedule.entityId,
        schedule.companyId,
        schedule.type,
        JSON.stringify(schedule.definition),
        schedule.definition.schedule.cron,
        schedule.jobUuid,
      ],
    );
  },
  /**
   * Changes a schedule's definition (and the cron it runs on) and/or active flag in one statement, while it has an
   * `expected` version; its new version (or the refusal thrown).
   */
  async update(q: Queryable, id: string, change: ReportScheduleChange, expected: Expected): Promise<number> {
    const definition = change.definition ? JSON.stringify(change.definition) : null;
    const set = `definition = coalesce($3::jsonb, definition), cron = coalesce($4, cron),
      active = coalesce($5::smallint, active), updated_at = now()`;
    const values = [definition, change.definition?.schedule.cron ?? null, change.active ?? null];
    return (await versioned.update(q, { key: id, expected, set, values })).version;
  },
  /** Whether the branch is the company's. */
  async hasBranch(q: Queryable, companyId: string, branchId: string): Promise<boolean> {
    return !!(await q.one('select 1 from branches where id = $1 and company_id = $2', [branchId, companyId]));
  },
};
