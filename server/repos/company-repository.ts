import type { Branch, Company, Department } from '../../schemas/api/company';
import type { Queryable } from '../store/store';
import { PARTNER_OPTIONS_PAGE } from '../../schemas/partner';
import { containsPattern } from './contains-pattern';

const DEPARTMENT_COLUMNS = 'id, old_department_id, name';

/** The SQL of the filter bar's look-ups: companies, branches, departments and partners. */
export const companyRepository = {
  /** The first 20 companies whose name holds `text` or whose id is `text` (that one first), of `type` when given. */
  search(q: Queryable, text: string, type?: string): Promise<Company[]> {
    return q.query<Company>(
      `select id, name, type from companies where (name ilike $1 or id = $2) and ($3::text is null or type = $3)
        order by (id = $2) desc, name limit 20`,
      [containsPattern(text), text.trim(), type ?? null],
    );
  },

  async exists(q: Queryable, id: string): Promise<boolean> {
    return !!(await q.one('select 1 from companies where id = $1', [id]));
  },

  async branchExists(q: Queryable, id: string): Promise<boolean> {
    return !!(await q.one('select 1 from branches where id = $1', [id]));
  },

  /**
   * The company's branches whose name contains `text` or whose id is `text` (that one first), at most 20, each
   * with its departments (spec 000 section 3), saving the filter bar a second call.
   */
  async searchBranches(q: Queryable, companyId: string, text: string): Promise<Branch[]> {
    const branches = await q.query<{ old_branch_id: string; name: string }>(
      `select id as old_branch_id, name from branches where company_id = $1 and (name ilike $2 or id = $3)
         order by (id = $3) desc, name limit 20`,
      [companyId, containsPattern(text), text.trim()],
    );
    const departments = await q.query<Department & { branch_id: string }>(
      `select branch_id, ${DEPARTMENT_COLUMNS} from departments where branch_id = any($1::text[]) order by name`,
      [branches.map((b) => b.old_branch_id)],
    );
    return branches.map((b) => ({
      ...b,
      departments: departments
        .filter((d) => d.branch_id === b.old_branch_id)
        .map(({ id, old_department_id, name }): Department => ({ id, old_department_id, name })),
    }));
  },

  /** The departments of a branch by name. */
  departments(q: Queryable, branchId: string): Promise<Department[]> {
    return q.query<Department>(`select ${DEPARTMENT_COLUMNS} from departments where branch_id = $1 order by name`, [
      branchId,
    ]);
  },

  /** The company's partners (of `type` when given) by name. */
  partners(q: Queryable, companyId: string, type: string | null): Promise<Company[]> {
    return q.query<Company>(
      `select c.id, c.name, c.type from company_partners p join companies c on c.id = p.partner_id
        where p.company_id = $1 and ($2::text is null or c.type = $2) order by c.name`,
      [companyId, type],
    );
  },

  /**
   * A select's partners: at most {@link PARTNER_OPTIONS_PAGE} of the company's partners of `type` by name, those whose
   * name contains `text` (any case), or the one `id` names.
   */
  partnerOptions(
    q: Queryable,
    companyId: string,
    type: string | null,
    wanted: { text?: string; id?: string },
  ): Promise<Company[]> {
    const text = wanted.text?.trim();
    return q.query<Company>(
      `select c.id, c.name, c.type from company_partners p join companies c on c.id = p.partner_id
        where p.company_id = $1 and ($2::text is null or c.type = $2) and ($3::text is null or c.name ilike $3)
          and ($4::text is null or c.id = $4)
        order by c.name, c.id limit ${PARTNER_OPTIONS_PAGE}`,
      [companyId, type, text ? containsPattern(text) : null, wanted.id ?? null],
    );
  },
};
