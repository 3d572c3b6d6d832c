import type { Queryable } from '../store/store';
import { dailyAt } from '../../schemas/report-cron';
import type { ReportDefinition } from '../../schemas/report-schedule';

/** Demo report schedules of spec 001 for Tata Steel (1001): one daily trip summary and one exception report. Idempotent. */
export async function seedReportSchedules(q: Queryable): Promise<void> {
  if (!(await q.one("select 1 from companies where id = '1001'"))) return;
  await q.query("insert into report_entities (id, company_id) values ('ent_tsl', '1001') on conflict do nothing");
  const entity = (await q.one<{ id: string }>("select id from report_entities where company_id = '1001'"))!.id;
  const daily: ReportDefinition = {
    email_recipients: 'ops@demo.local,control.tower@tatasteel.example',
    company_id: '1001',
    schedule: { cron: dailyAt(8 * 60 + 30).cron, type: 'DAILY' },
  };
  const alert: ReportDefinition = {
    email_recipients: 'alerts@tatasteel.example',
    company_id: '1001',
    schedule: { cron: '0 0 0/4 * * ?', type: 'DAILY' },
    params: {
      'date.alert.closed.close_time.duration_mins': 120,
      'date.alert.inprogress.start_time.duration_mins': 45000,
      'date.trip.constraint.value': 24,
      'date.trip.type': 'HOURS',
      event: ['long_stoppage', 'route_deviation'],
      format: 'xlsx',
      tripStatus: [1],
    },
    filters: [{ key: 'current_escalation_level', gte: 1 }],
  };
  for (const [id, type, definition, job] of [
    ['rs_tsl_daily', 'DAILY_TRIP_SUMMARY', daily, '7a0c3f52-1d44-4b7e-9a51-0c6f2d1e8b01'],
    ['rs_tsl_alert', 'ALERT', alert, '7a0c3f52-1d44-4b7e-9a51-0c6f2d1e8b02'],
  ] as const) {
    await q.query(
      `insert into report_schedules (id, entity_id, company_id, type, active, definition, cron, job_uuid)
       values ($1, $2, '1001', $3, 1, $4::jsonb, $5, $6) on conflict do nothing`,
      [id, entity, type, JSON.stringify(definition), definition.schedule.cron, job],
    );
  }
}
