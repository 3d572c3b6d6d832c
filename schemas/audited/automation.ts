import { declareAudited, type AuditedTable } from './declaration';

/** The automation's audited tables: report schedules. */
export const AUTOMATION_TABLES = {
  report_schedule: declareAudited({
    objectType: 'report_schedule',
    table: 'report_schedules',
    words: { type: 'Report type', active: 'Active', definition: 'Definition', cron: 'Schedule' },
    name: 'Report schedule',
    plural: 'report schedules',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    branch: ['definition', 'branch_id'],
    label: "case t.type when 'ALERT' then 'Exception report' else 'Daily trip summary' end || ' · ' || t.cron",
    fields: { type: 'type' },
    versioned: true,
    compare: [
      {
        name: 'reportSchedules',
        title: 'Daily summary and exception reports',
        keyWords: 'type and schedule (cron)',
        key: "t.type || ' · ' || t.cron",
        own: ['entity_id', 'job_uuid'],
        idPrefix: 'rs',
      },
    ],
  }),
} as const satisfies Record<string, AuditedTable>;
