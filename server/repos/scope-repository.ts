import type { Aggregate } from '../../schemas/api/contract';
import type { ScopeQuery } from '../../schemas/scope';
import type { Queryable } from '../store/store';
import { ApiError, notFound } from '../http/envelope';

/** The company scope of a request, checked against the database. */
export interface Scope {
  companyId: string;
  companyType: 'CONSIGNOR' | 'TRANSPORTER';
  /** Branch id (old_branch_id), or null when the call is for the whole company. */
  branchId: string | null;
  /** old_department_id, or null when the call is for the whole branch/company. */
  departmentId: string | null;
}

/**
 * Resolves `c`, `b`, `d` of the scope query to a {@link Scope}; an empty `b` or `d` means "not chosen". An unknown
 * company, a branch of another company or a department of another branch is answered 404 'Not found'. `d` may be
 * the department's old_department_id or its id; a department named without a branch is in its own branch.
 */
export async function resolveScope(q: Queryable, params: Pick<ScopeQuery, 'c' | 'b' | 'd'>): Promise<Scope> {
  const company = await q.one<{ id: string; type: Scope['companyType'] }>(
    'select id, type from companies where id = $1',
    [params.c],
  );
  if (!company) throw notFound();
  let branchId = params.b || null;
  const deptParam = params.d || null;
  if (branchId && !(await q.one('select 1 from branches where id = $1 and company_id = $2', [branchId, company.id]))) {
    throw notFound();
  }
  let departmentId: string | null = null;
  if (deptParam) {
    const dept = await q.one<{ old_department_id: string; branch_id: string }>(
      `select old_department_id, branch_id from departments
        where (old_department_id = $1 or id = $1) and company_id = $2 and ($3::text is null or branch_id = $3)`,
      [deptParam, company.id, branchId],
    );
    if (!dept) throw notFound();
    departmentId = dept.old_department_id;
    // A department is one branch's: named without its branch, the scope is that branch's department all the same.
    branchId = dept.branch_id;
  }
  return { companyId: company.id, companyType: company.type, branchId, departmentId };
}

/**
 * SQL condition (and its parameters, numbered from `first`) that narrows a table with company_id, branch_id and
 * department_id columns (of table alias `alias`, if given) to a scope: the company always, the branch and
 * department only when chosen.
 */
export function scopeFilter(scope: Scope, first = 1, alias = ''): { sql: string; params: unknown[] } {
  const col = (name: string) => (alias ? `${alias}.${name}` : name);
  return {
    sql: `${col('company_id')} = $${first} and ($${first + 1}::text is null or ${col('branch_id')} = $${first + 1})
          and ($${first + 2}::text is null or ${col('department_id')} = $${first + 2})`,
    params: [scope.companyId, scope.branchId, scope.departmentId],
  };
}

/** Which columns of a table (or expressions, e.g. a JSON field) say whose a row addressed by id is. */
export interface ReachColumns {
  /** The company column (default `company_id`). */
  company?: string;
  /** The branch column, when rows can belong to one branch (null there = the whole company). */
  branch?: string;
  /** The department column, when rows can belong to one department (null there = the whole branch or company). */
  department?: string;
}

/**
 * SQL condition (and its parameters, numbered from `first`) that a row addressed by id is within reach of a scope:
 * it is the company's and, when a branch is chosen, that branch's or the whole company's (branch null); when a
 * department is chosen, that department's or the whole branch's (department null). Unlike {@link scopeFilter} (what
 * a list shows), a row of the wider scope stays reachable, as it applies to the narrower one too.
 */
export function reachFilter(
  scope: Pick<Scope, 'companyId' | 'branchId'> & Partial<Pick<Scope, 'departmentId'>>,
  first: number,
  columns: ReachColumns = {},
): { sql: string; params: unknown[] } {
  const conditions = [`${columns.company ?? 'company_id'} = $${first}`];
  const params: unknown[] = [scope.companyId];
  const narrow = (column: string, value: string | null) => {
    params.push(value);
    const n = `$${first + params.length - 1}::text`;
    conditions.push(`(${n} is null or ${column} is null or ${column} = ${n})`);
  };
  if (columns.branch) narrow(columns.branch, scope.branchId);
  if (columns.department) narrow(columns.department, scope.departmentId ?? null);
  return { sql: conditions.join(' and '), params };
}

/** The column (or expression) an {@link Aggregate}'s flag names: `name` for true, none for false. */
const reachColumn = (flag: boolean | string, name: string): string | undefined =>
  flag === true ? name : flag === false ? undefined : flag;

/**
 * Throws 404 unless row `id` of an aggregate (declared beside the calls that address it) is within reach of the scope
 * ({@link reachFilter}: the company's and, when a branch or department is chosen, that one's or the wider scope's),
 * the rule for every id a request names.
 */
export async function ensureOwned(
  q: Queryable,
  owned: Aggregate,
  id: string,
  scope: Pick<Scope, 'companyId' | 'branchId'> & Partial<Pick<Scope, 'departmentId'>>,
) {
  const reach = reachFilter(scope, 2, {
    company: owned.company,
    branch: reachColumn(owned.branch, 'branch_id'),
    department: reachColumn(owned.department, 'department_id'),
  });
  if (!(await q.one(`select 1 from ${owned.table} where ${owned.id} = $1 and ${reach.sql}`, [id, ...reach.params])))
    throw notFound();
}

/** Whose known places or consignees a call is about: a company's own (partnerId null), or a TRANSPORTER's for one consignor. */
export interface PartnerOwner {
  companyId: string;
  partnerId: string | null;
}

/**
 * The owner a call about known places or consignees names (API.md "Known places", "Consignees"): the company in scope
 * and, for a TRANSPORTER, the consignor it keeps them for (`selectConsignor`, 400, without one). A partnerId must be
 * one of the company's partners (a consignor, for a TRANSPORTER), else 404 like any id out of reach.
 */
export async function partnerOwner(
  q: Queryable,
  scope: Scope,
  partner: string | undefined,
  selectConsignor: string,
): Promise<PartnerOwner> {
  const partnerId = partner || null;
  if (scope.companyType === 'TRANSPORTER' && !partnerId) throw new ApiError(400, [selectConsignor]);
  if (partnerId)
    await ensurePartner(q, scope.companyId, partnerId, scope.companyType === 'TRANSPORTER' ? 'CONSIGNOR' : undefined);
  return { companyId: scope.companyId, partnerId };
}

/** Throws 404 unless `partnerId` is a partner of the company (of `type` when given). */
export async function ensurePartner(q: Queryable, companyId: string, partnerId: string, type?: string) {
  const row = await q.one(
    `select 1 from company_partners p join companies c on c.id = p.partner_id
      where p.company_id = $1 and p.partner_id = $2 and ($3::text is null or c.type = $3)`,
    [companyId, partnerId, type ?? null],
  );
  if (!row) throw notFound();
}
