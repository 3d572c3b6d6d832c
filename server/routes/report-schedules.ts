import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { companyCalls } from '../../schemas/api/company';
import { reportCalls } from '../../schemas/api/reports';
import { ApiError, notFound, ok } from '../http/envelope';
import { newId } from '../http/ids';
import { route } from '../http/route';
import {
  reportScheduleRepository as schedules,
  type ReportScheduleRow,
  type StoredDefinition,
} from '../repos/report-schedule-repository';
import { BRANCH_FIXED, checkDefinition } from '../rules/report-definition';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';
import type { ReportRun, ReportSchedule } from '../../schemas/api/reports';
import { reportRunRepository as runs } from '../repos/report-run-repository';
import { RUN_BUSY, runNow } from '../jobs/report-job';
import { XLSX_TYPE } from '../adapters/report-workbook';
import { REPORT_DUPLICATE } from '../../schemas/report-schedule';
import { storedDefinition } from '../../schemas/report-definition';
import { refusingDuplicate } from '../store/unique';

/** 'Run now' of a switched-off schedule. */
export const RUN_DISABLED = 'The schedule is disabled: enable it to run it';

/** 'Run now' while a run of the schedule is under way. */
export { RUN_BUSY };

/** `attachment; filename=...` with the name reduced to safe characters. */
const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]+/g, '_')}"`;

/** A stored schedule's definition (a driver may hand jsonb back as text), checked by its schema. */
const definitionOf = (row: ReportScheduleRow): StoredDefinition => storedDefinition(row.definition);

/** The branch a schedule is for (its definition's branch_id), or null for the whole company's. */
const branchOf = (row: ReportScheduleRow): string | null => {
  const branch = definitionOf(row).branch_id;
  return branch === undefined || branch === null ? null : String(branch);
};

/**
 * A stored schedule as the report service answers it (its version travels as the ETag, not in the body); the list
 * adds its latest run (`lastRun`, null before the first).
 */
function present(row: ReportScheduleRow, lastRun?: ReportRun | null): ReportSchedule {
  const definition = definitionOf(row);
  return {
    id: row.id,
    entity_id: row.entity_id,
    type: row.type,
    active: Number(row.active),
    definition: { ...definition, job_uuid: row.job_uuid },
    job_request: { job_uuid: row.job_uuid },
    ...(lastRun !== undefined && { lastRun }),
  };
}

/** Throws 404 unless the entity is the company's. */
async function ensureEntity(q: Queryable, entityId: string, companyId: string) {
  if (!(await schedules.isEntityOf(q, entityId, companyId))) throw notFound();
}

/**
 * Schedule `id`, which its contract `owns`: within reach of the scope (the company's; with a branch, that branch's or
 * a company-level one) as checked before the handler runs; 404 all the same if it is gone.
 */
async function ownReport(q: Queryable, id: string): Promise<ReportScheduleRow> {
  const row = await schedules.byId(q, id);
  if (!row) throw notFound();
  return row;
}

/**
 * The report service of spec 001 section 7 (daily trip summary and exception reports) and the cbdt entity lookup.
 * The scope, and the schedule or run a call names by id, are checked before a handler runs (its `scope`, `owns`).
 */
export async function reportScheduleRoutes(app: FastifyInstance, { store, mailer, jobs }: AppContext) {
  route(app, companyCalls.cbdt, async ({ scope }) => {
    const id = await store.tx((q) => schedules.entityOf(q, scope.companyId));
    return ok({ id, company_id: scope.companyId, branch_id: scope.branchId, department_id: scope.departmentId });
  });

  route(app, reportCalls.list, async ({ query, scope }) => {
    await ensureEntity(store, query.entity_id, scope.companyId);
    // With a branch, only that branch's schedules; with the company alone, all of them (API.md "Report schedules").
    const rows = await schedules.list(store, query.entity_id, query.type, scope.branchId);
    const latest = await runs.latest(
      store,
      rows.map((r) => r.id),
    );
    return ok(rows.map((row) => present(row, latest.get(row.id) ?? null)));
  });

  // A read answers the schedule's ETag; an update with a stale If-Match changes nothing: 412 (API.md "Lost updates").
  route(app, reportCalls.byId, async ({ params }) => {
    const row = await ownReport(store, params.id);
    return ok({ ...present(row), version: row.version });
  });

  route(app, reportCalls.create, async ({ scope, body }) => {
    const saved = await store.tx(async (q) => {
      await ensureEntity(q, body.entity_id, scope.companyId);
      const definition = await checkDefinition(q, body.type, body.definition, scope);
      const id = newId('rs');
      // An identical schedule of the type in the entity (enabled or not) is refused: the unique index decides (migration 155).
      await refusingDuplicate(REPORT_DUPLICATE, () =>
        schedules.insert(q, {
          id,
          entityId: body.entity_id,
          companyId: scope.companyId,
          type: body.type,
          definition,
          jobUuid: randomUUID(),
        }),
      );
      return schedules.get(q, id);
    });
    return ok({ ...present(saved), version: saved.version });
  });

  // An edit keeps the schedule's branch: a definition naming another branch than the schedule's (or any branch, for
  // a company-level one) is refused with 400; with b chosen it must name b too (checkDefinition), as a create must.
  route(app, reportCalls.update, async (request) => {
    const { scope, params, body, expected } = request;
    const saved = await store.tx(async (q) => {
      const row = await ownReport(q, params.id);
      let definition: StoredDefinition | undefined;
      if (body.definition) {
        definition = await checkDefinition(q, row.type, body.definition, scope);
        if ((definition.branch_id === undefined ? null : String(definition.branch_id)) !== branchOf(row))
          throw new ApiError(400, [BRANCH_FIXED]);
      }
      await refusingDuplicate(REPORT_DUPLICATE, () =>
        schedules.update(q, row.id, { definition, active: body.active }, expected),
      );
      return schedules.get(q, row.id);
    });
    return ok({ ...present(saved), version: saved.version });
  });

  // Runs of a schedule (issue 14): its records, 'Run now' and a run's file; a schedule out of scope is 'Not found'.
  route(app, reportCalls.runs, async ({ params }) =>
    ok(await runs.list(store, (await ownReport(store, params.id)).id)),
  );

  // A run a live instance holds answers 409; one whose instance died is taken over (report-job.ts runNow).
  route(app, reportCalls.runNow, async ({ params, desk }) => {
    const row = await ownReport(store, params.id);
    if (Number(row.active) !== 1) throw new ApiError(400, [RUN_DISABLED]);
    return ok(await runNow(store, mailer, row, Date.now, jobs.runWorker, desk.userId));
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
