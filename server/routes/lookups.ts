import type { FastifyInstance } from 'fastify';
import {
  branchDepartmentsQuerySchema, branchSearchQuerySchema, companySearchQuerySchema, departmentsQuerySchema,
  type BranchDepartmentsQuery, type BranchSearchQuery, type CompanySearchQuery, type DepartmentsQuery,
} from '../../schemas/lookup';
import { scopeQuerySchema, type ScopeQuery } from '../../schemas/scope';
import { notFound, ok } from '../http/envelope';
import { resolveScope } from '../http/scope';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/** LIKE pattern for a case-insensitive substring search; the user's % and _ match literally. */
export const contains = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

const DEPARTMENT_COLUMNS = 'id, old_department_id, name';

async function ensureCompany(db: Queryable, id: string) {
  if (!(await db.one('select 1 from companies where id = $1', [id]))) throw notFound();
}

/** Company, branch, department and partner look-ups of the filter bar (spec 000 section 2.3). */
export async function lookupRoutes(app: FastifyInstance, { store }: AppContext) {
  app.get<{ Querystring: CompanySearchQuery }>(
    '/saas/lego/company/search',
    { schema: { querystring: companySearchQuerySchema } },
    async ({ query }) =>
      ok(
        await store.query(
          // A query equal to a company's id finds it too (first), so a link carrying only the id can show the name.
          'select id, name, type from companies where name ilike $1 or id = $2 order by (id = $2) desc, name limit 20',
          [contains(query.q), query.q.trim()],
        ),
      ),
  );

  app.get<{ Querystring: BranchSearchQuery }>(
    '/saas/lego/company/branch_search',
    { schema: { querystring: branchSearchQuerySchema } },
    async ({ query }) => {
      await ensureCompany(store, query.cId);
      const branches = await store.query<{ old_branch_id: string; name: string }>(
        `select id as old_branch_id, name from branches where company_id = $1 and (name ilike $2 or id = $3)
           order by (id = $3) desc, name limit 20`,
        [query.cId, contains(query.q ?? ''), (query.q ?? '').trim()],
      );
      // Branches carry their departments too (spec 000 section 3), saving the filter bar a second call.
      const departments = await store.query<{ branch_id: string; id: string; old_department_id: string; name: string }>(
        `select branch_id, ${DEPARTMENT_COLUMNS} from departments where branch_id = any($1::text[]) order by name`,
        [branches.map((b) => b.old_branch_id)],
      );
      return ok(
        branches.map((b) => ({
          ...b,
          departments: departments
            .filter((d) => d.branch_id === b.old_branch_id)
            .map(({ id, old_department_id, name }) => ({ id, old_department_id, name })),
        })),
      );
    },
  );

  app.get<{ Querystring: DepartmentsQuery }>(
    '/saas/lego/company/departments',
    { schema: { querystring: departmentsQuerySchema } },
    async ({ query }) => {
      await resolveScope(store, { c: query.cId, b: query.bId });
      return ok(
        await store.query(`select ${DEPARTMENT_COLUMNS} from departments where branch_id = $1 order by name`, [
          query.bId,
        ]),
      );
    },
  );

  app.get<{ Querystring: BranchDepartmentsQuery }>(
    '/saas/lego/company/branch_departments',
    { schema: { querystring: branchDepartmentsQuerySchema } },
    async ({ query }) => {
      if (!(await store.one('select 1 from branches where id = $1', [query.id]))) throw notFound();
      return ok(
        await store.query(`select ${DEPARTMENT_COLUMNS} from departments where branch_id = $1 order by name`, [
          query.id,
        ]),
      );
    },
  );

  app.get<{ Querystring: ScopeQuery }>(
    '/saas/lego/company_partners/fetch',
    { schema: { querystring: scopeQuerySchema } },
    async ({ query }) => {
      const scope = await resolveScope(store, query);
      const rows = await store.query<{ id: string; name: string; type: string }>(
        `select c.id, c.name, c.type from company_partners p join companies c on c.id = p.partner_id
          where p.company_id = $1 and ($2::text is null or c.type = $2) order by c.name`,
        [scope.companyId, query.pt ?? null],
      );
      // cbdt.c is the partner's own company id: the consignor id a transporter screen scopes by.
      return ok(rows.map((r) => ({ ...r, cbdt: { c: r.id, b: null, d: null } })));
    },
  );
}
