import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { scopeQuerySchema, type ScopeQuery } from '../../schemas/scope';
import { DAILY_SUMMARY_CRONS, EXCEPTION_CRONS } from '../../schemas/report-cron';
import {
  FILTER_FIELDS,
  FILTER_OPERATORS,
  REPORT_MSG,
  reportCreateSchema,
  reportListQuerySchema,
  reportUpdateSchema,
  type ReportDefinition,
  type ReportType,
} from '../../schemas/report-schedule';
import { ApiError, TEXT, notFound, ok } from '../http/envelope';
import { newId } from '../http/ids';
import { resolveScope } from '../http/scope';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

const paramsSchema = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64, errorMessage: TEXT.notFound } },
  required: ['id'],
  errorMessage: { required: { id: TEXT.notFound } },
} as const;

const CRONS: Record<ReportType, Set<string>> = {
  DAILY_TRIP_SUMMARY: new Set(DAILY_SUMMARY_CRONS.map((c) => c.cron)),
  ALERT: new Set(EXCEPTION_CRONS.map((c) => c.cron)),
};

interface Row {
  id: string;
  entity_id: string;
  company_id: string;
  type: ReportType;
  active: number;
  definition: ReportDefinition | string;
  job_uuid: string;
}

const SELECT = 'select id, entity_id, company_id, type, active, definition, job_uuid from report_schedules';

/** A stored schedule as the report service answers it. */
function present(row: Row) {
  const definition = typeof row.definition === 'string' ? (JSON.parse(row.definition) as ReportDefinition) : row.definition;
  return {
    id: row.id,
    entity_id: row.entity_id,
    type: row.type,
    active: Number(row.active),
    definition: { ...definition, job_uuid: row.job_uuid },
    job_request: { job_uuid: row.job_uuid },
  };
}

/** The company's report entity, created on first use. */
export async function entityOf(q: Queryable, companyId: string): Promise<string> {
  await q.query('insert into report_entities (id, company_id) values ($1, $2) on conflict (company_id) do nothing', [newId('ent'), companyId]);
  const row = await q.one<{ id: string }>('select id from report_entities where company_id = $1', [companyId]);
  return row!.id;
}

/** Throws 404 unless the entity is the company's. */
async function ensureEntity(q: Queryable, entityId: string, companyId: string) {
  if (!(await q.one('select 1 from report_entities where id = $1 and company_id = $2', [entityId, companyId]))) throw notFound();
}

/** A report of the company, or 404. */
async function ownReport(q: Queryable, id: string, companyId: string): Promise<Row> {
  const row = await q.one<Row>(`${SELECT} where id = $1 and company_id = $2`, [id, companyId]);
  if (!row) throw notFound();
  return row;
}

/**
 * Rules the schema cannot state: the definition is for the company in the request (and one of its branches), the
 * cron is one of the report type's choices, an exception report has its params, and each filter's operator fits
 * its field's type. Returns the definition to store (without job_uuid).
 */
/** With a branch chosen (`b`), a definition is that branch's: it must carry the same branch_id (spec 001 section 3). */
export const BRANCH_MISMATCH = "The report's branch_id must be the selected branch";

async function checkDefinition(q: Queryable, type: ReportType, definition: ReportDefinition, scope: { companyId: string; branchId: string | null }): Promise<ReportDefinition> {
  const { companyId } = scope;
  if (String(definition.company_id) !== companyId) throw notFound();
  if (scope.branchId && String(definition.branch_id ?? '') !== scope.branchId) throw new ApiError(400, [BRANCH_MISMATCH]);
  if (definition.branch_id !== undefined && !(await q.one('select 1 from branches where id = $1 and company_id = $2', [String(definition.branch_id), companyId]))) {
    throw notFound();
  }
  if (!CRONS[type].has(definition.schedule.cron)) throw new ApiError(400, [REPORT_MSG.timings]);
  if (type === 'ALERT' && !definition.params) throw new ApiError(400, [REPORT_MSG.alerts]);
  if (type === 'DAILY_TRIP_SUMMARY' && (definition.params || definition.filters)) throw new ApiError(400, ['Invalid request']);
  for (const filter of definition.filters ?? []) {
    const operator = Object.keys(filter).find((k) => k !== 'key')!;
    if (!FILTER_OPERATORS[FILTER_FIELDS[filter.key]].includes(operator)) throw new ApiError(400, [REPORT_MSG.operator]);
  }
  const { job_uuid: _job, ...stored } = definition;
  return stored;
}

/** The report service of spec 001 section 7 (daily trip summary and exception reports) and the cbdt entity lookup. */
export async function reportScheduleRoutes(app: FastifyInstance, { store }: AppContext) {
  app.get<{ Querystring: ScopeQuery }>('/saas/lego/cbdt', { schema: { querystring: scopeQuerySchema } }, async ({ query }) => {
    const scope = await resolveScope(store, query);
    const id = await store.tx((q) => entityOf(q, scope.companyId));
    return ok({ id, company_id: scope.companyId, branch_id: scope.branchId, department_id: scope.departmentId });
  });

  app.get<{ Querystring: ScopeQuery & { entity_id: string; type: ReportType } }>(
    '/saas/v1/rs/list',
    { schema: { querystring: reportListQuerySchema } },
    async ({ query }) => {
      const scope = await resolveScope(store, query);
      await ensureEntity(store, query.entity_id, scope.companyId);
      // With a branch, only that branch's schedules; with the company alone, all of them (API.md "Report schedules").
      const rows = await store.query<Row>(
        `${SELECT} where entity_id = $1 and type = $2 and ($3::text is null or definition->>'branch_id' = $3) order by created_at, id`,
        [query.entity_id, query.type, scope.branchId],
      );
      return ok(rows.map(present));
    },
  );

  app.get<{ Querystring: ScopeQuery; Params: { id: string } }>(
    '/saas/v1/rs/report/:id',
    { schema: { querystring: scopeQuerySchema, params: paramsSchema } },
    async ({ query, params }) => {
      const scope = await resolveScope(store, query);
      return ok(present(await ownReport(store, params.id, scope.companyId)));
    },
  );

  app.post<{ Querystring: ScopeQuery; Body: { entity_id: string; type: ReportType; definition: ReportDefinition } }>(
    '/saas/v1/rs/definition/create',
    { schema: { querystring: scopeQuerySchema, body: reportCreateSchema } },
    async ({ query, body }) =>
      ok(
        await store.tx(async (q) => {
          const scope = await resolveScope(q, query);
          await ensureEntity(q, body.entity_id, scope.companyId);
          const definition = await checkDefinition(q, body.type, body.definition, scope);
          const id = newId('rs');
          await q.query(
            `insert into report_schedules (id, entity_id, company_id, type, active, definition, cron, job_uuid)
             values ($1, $2, $3, $4, 1, $5::jsonb, $6, $7)`,
            [id, body.entity_id, scope.companyId, body.type, JSON.stringify(definition), definition.schedule.cron, randomUUID()],
          );
          return present((await q.one<Row>(`${SELECT} where id = $1`, [id]))!);
        }),
      ),
  );

  app.put<{ Querystring: ScopeQuery; Params: { id: string }; Body: { active?: 0 | 1; definition?: ReportDefinition } }>(
    '/saas/v1/rs/update/:id',
    { schema: { querystring: scopeQuerySchema, params: paramsSchema, body: reportUpdateSchema } },
    async ({ query, params, body }) =>
      ok(
        await store.tx(async (q) => {
          const scope = await resolveScope(q, query);
          const row = await ownReport(q, params.id, scope.companyId);
          if (body.definition) {
            const definition = await checkDefinition(q, row.type, body.definition, scope);
            await q.query('update report_schedules set definition = $2::jsonb, cron = $3, updated_at = now() where id = $1', [
              row.id, JSON.stringify(definition), definition.schedule.cron,
            ]);
          }
          if (body.active !== undefined) {
            await q.query('update report_schedules set active = $2, updated_at = now() where id = $1', [row.id, body.active]);
          }
          return present((await q.one<Row>(`${SELECT} where id = $1`, [row.id]))!);
        }),
      ),
  );
}
