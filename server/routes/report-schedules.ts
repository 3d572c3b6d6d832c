import type { FastifyInstance } from 'fastify';
import { companyCalls } from '../../schemas/api/company';
import { reportCalls } from '../../schemas/api/reports';
import { ApiError, notFound, ok } from '../http/envelope';
import { route } from '../http/route';
import { reportScheduleRepository as schedules } from '../repos/report-schedule-repository';
import type { AppContext } from '../context';
import { reportRunRepository as runs } from '../repos/report-run-repository';
import { RUN_BUSY, runNow } from '../jobs/report-job';
import { XLSX_TYPE } from '../adapters/report-workbook';

/** 'Run now' of a switched-off schedule. */
export const RUN_DISABLED = 'The schedule is disabled: enable it to run it';

/** 'Run now' while a run of the schedule is under way. */
export { RUN_BUSY };

/** `attachment; filename=...` with the name reduced to safe characters. */
const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]+/g, '_')}"`;

/**
 * The report service's calls of spec 001 section 7 that are not its schedules' declaration's
 * (schemas/resources/report-schedules.ts: their list, read, create and update): the cbdt entity lookup, and a
 * schedule's runs, 'Run now' and a run's file (issue 14). The scope, and the schedule or run a call names by id, are
 * checked before a handler runs (its `scope`, `owns`).
 */
export async function reportScheduleRoutes(app: FastifyInstance, { store, mailer, jobs }: AppContext) {
  route(app, companyCalls.cbdt, async ({ scope }) => {
    const id = await store.tx((q) => schedules.entityOf(q, scope.companyId));
    return ok({ id, company_id: scope.companyId, branch_id: scope.branchId, department_id: scope.departmentId });
  });

  route(app, reportCalls.runs, async ({ params }) => {
    const schedule = await schedules.toRun(store, params.id);
    if (!schedule) throw notFound();
    return ok(await runs.list(store, schedule.id));
  });

  // A run a live instance holds answers 409; one whose instance died is taken over (report-job.ts runNow).
  route(app, reportCalls.runNow, async ({ params, desk }) => {
    const schedule = await schedules.toRun(store, params.id);
    if (!schedule) throw notFound();
    if (Number(schedule.active) !== 1) throw new ApiError(400, [RUN_DISABLED]);
    return ok(await runNow(store, mailer, schedule, Date.now, jobs.runWorker, desk.userId));
  });

  // The run is within the scope's reach when its schedule is (aggregate `reportRun`); one without a file is 404.
  route(app, reportCalls.runFile, async ({ params }, reply) => {
    const file = await runs.file(store, params.runId);
    if (!file) throw notFound();
    return reply
      .headers({ 'content-type': XLSX_TYPE, 'content-disposition': attachment(file.fileName) })
      .send(file.file);
  });
}
