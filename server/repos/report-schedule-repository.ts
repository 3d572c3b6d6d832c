import type { FromSchema } from 'json-schema-to-ts';
import type { ReportType, reportDefinitionSchema } from '../../schemas/report-schedule';
import { newId } from '../http/ids';
import type { Queryable } from '../store/store';

/** A definition as stored: the one the console sends, without its job_uuid (the schedule's own is added back). */
export type StoredDefinition = Omit<FromSchema<typeof reportDefinitionSchema>, 'job_uuid'>;

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

const SELECT = 'select id, entity_id, company_id, type, active, definition, job_uuid from report_schedules';

/** The SQL of the report service (spec 001 sections 2.6, 2.7 and 7): companies' report entities and their schedules. */
export const reportScheduleRepository = {
  /** The company's report entity, created on first use. */
  async entityOf(q: Queryable, companyId: string): Promise<string> {
    await q.query('insert into report_entities (id, company_id) values ($1, $2) on conflict (company_id) do nothing', [newId('ent'), companyId]);
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
  /** Schedule `id` of the company, or null. */
  find(q: Queryable, id: string, companyId: string): Promise<ReportScheduleRow | null> {
    return q.one<ReportScheduleRow>(`${SELECT} where id = $1 and company_id = $2`, [id, companyId]);
  },
  /** Schedule `id` as just saved. */
  async get(q: Queryable, id: string): Promise<ReportScheduleRow> {
    return (await q.one<ReportScheduleRow>(`${SELECT} where id = $1`, [id]))!;
  },
  async insert(q: Queryable, schedule: NewReportSchedule): Promise<void> {
    await q.query(
      `insert into report_schedules (id, entity_id, company_id, type, active, definition, cron, job_uuid)
       values ($1, $2, $3, $4, 1, $5::jsonb, $6, $7)`,
      [schedule.id, schedule.entityId, schedule.companyId, schedule.type, JSON.stringify(schedule.definition), schedule.definition.schedule.cron, schedule.jobUuid],
    );
  },
  /** Replaces a schedule's definition (and the cron it runs on). */
  async updateDefinition(q: Queryable, id: string, definition: StoredDefinition): Promise<void> {
    await q.query('update report_schedules set definition = $2::jsonb, cron = $3, updated_at = now() where id = $1', [
      id, JSON.stringify(definition), definition.schedule.cron,
    ]);
  },
  async setActive(q: Queryable, id: string, active: 0 | 1): Promise<void> {
    await q.query('update report_schedules set active = $2, updated_at = now() where id = $1', [id, active]);
  },
  /** Whether the branch is the company's. */
  async hasBranch(q: Queryable, companyId: string, branchId: string): Promise<boolean> {
    return !!(await q.one('select 1 from branches where id = $1 and company_id = $2', [branchId, companyId]));
  },
};
