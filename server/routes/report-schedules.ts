import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { companyCalls } from '../../schemas/api/company';
import { reportCalls } from '../../schemas/api/reports';
import { notFound, ok } from '../http/envelope';
import { newId } from '../http/ids';
import { resolveScope } from '../repos/scope-repository';
import { route } from '../http/route';
import { reportScheduleRepository as schedules, type ReportScheduleRow, type StoredDefinition } from '../repos/report-schedule-repository';
import { checkDefinition } from '../rules/report-definition';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/** A stored schedule as the report service answers it. */
function present(row: ReportScheduleRow) {
  const definition = typeof row.definition === 'string' ? (JSON.parse(row.definition) as StoredDefinition) : row.definition;
  return {
    id: row.id,
    entity_id: row.entity_id,
    type: row.type,
    active: Number(row.active),
    definition: { ...definition, job_uuid: row.job_uuid },
    job_request: { job_uuid: row.job_uuid },
  };
}

/** Throws 404 unless the entity is the company's. */
async function ensureEntity(q: Queryable, entityId: string, companyId: string) {
  if (!(await schedules.isEntityOf(q, entityId, companyId))) throw notFound();
}

/** A report of the company, or 404. */
async function ownReport(q: Queryable, id: string, companyId: string): Promise<ReportScheduleRow> {
  const row = await schedules.find(q, id, companyId);
  if (!row) throw notFound();
  return row;
}

/** The report service of spec 001 section 7 (daily trip summary and exception reports) and the cbdt entity lookup. */
export async function reportScheduleRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, companyCalls.cbdt, async ({ query }) => {
    const scope = await resolveScope(store, query);
    const id = await store.tx((q) => schedules.entityOf(q, scope.companyId));
    return ok({ id, company_id: scope.companyId, branch_id: scope.branchId, department_id: scope.departmentId });
  });

  route(app, reportCalls.list, async ({ query }) => {
    const scope = await resolveScope(store, query);
    await ensureEntity(store, query.entity_id, scope.companyId);
    // With a branch, only that branch's schedules; with the company alone, all of them (API.md "Report schedules").
    return ok((await schedules.list(store, query.entity_id, query.type, scope.branchId)).map(present));
  });

  route(app, reportCalls.byId, async ({ query, params }) => {
    const scope = await resolveScope(store, query);
    return ok(present(await ownReport(store, params.id, scope.companyId)));
  });

  route(app, reportCalls.create, async ({ query, body }) =>
    ok(
      await store.tx(async (q) => {
        const scope = await resolveScope(q, query);
        await ensureEntity(q, body.entity_id, scope.companyId);
        const definition = await checkDefinition(q, body.type, body.definition, scope);
        const id = newId('rs');
        await schedules.insert(q, { id, entityId: body.entity_id, companyId: scope.companyId, type: body.type, definition, jobUuid: randomUUID() });
        return present(await schedules.get(q, id));
      }),
    ),
  );

  route(app, reportCalls.update, async ({ query, params, body }) =>
    ok(
      await store.tx(async (q) => {
        const scope = await resolveScope(q, query);
        const row = await ownReport(q, params.id, scope.companyId);
        if (body.definition) await schedules.updateDefinition(q, row.id, await checkDefinition(q, row.type, body.definition, scope));
        if (body.active !== undefined) await schedules.setActive(q, row.id, body.active);
        return present(await schedules.get(q, row.id));
      }),
    ),
  );
}
