import type { Queryable } from '../store/store';

/** An area a company reviews: the resource's name, who required it and when (epoch ms). */
export interface ReviewArea {
  resource: string;
  setBy: string;
  setByName: string;
  setAt: number;
}

/** The SQL of the areas each company reviews (migration 315_review_areas.sql; issue 39). */
export const reviewAreaRepository = {
  /** The areas company `companyId` reviews, by name, with who required each. */
  async of(q: Queryable, companyId: string): Promise<ReviewArea[]> {
    return q.query<ReviewArea>(
      `select r.resource, r.set_by as "setBy", coalesce(u.name, u.email, r.set_by) as "setByName",
              r.set_at::double precision as "setAt"
         from review_areas r left join users u on u.id = r.set_by
        where r.company_id = $1 order by r.resource`,
      [companyId],
    );
  },

  /** Whether company `companyId` reviews changes of `resource` (one read of the primary key). */
  async requires(q: Queryable, companyId: string, resource: string): Promise<boolean> {
    const row = await q.one<{ found: number }>(
      'select 1 as found from review_areas where company_id = $1 and resource = $2',
      [companyId, resource],
    );
    return row !== null;
  },

  /** Of `companies`, those that review changes of `resource`. */
  async companiesRequiring(q: Queryable, resource: string, companies: readonly string[]): Promise<Set<string>> {
    if (companies.length === 0) return new Set();
    const rows = await q.query<{ company: string }>(
      'select company_id as company from review_areas where resource = $1 and company_id = any($2::text[])',
      [resource, [...new Set(companies)]],
    );
    return new Set(rows.map((row) => row.company));
  },

  /**
   * Makes `areas` the ones company `companyId` reviews: those no longer named are dropped, new ones recorded as
   * required by `by` now (one kept keeps who required it).
   */
  async set(q: Queryable, companyId: string, areas: readonly string[], by: string, now: number): Promise<void> {
    await q.query('delete from review_areas where company_id = $1 and not (resource = any($2::text[]))', [
      companyId,
      [...areas],
    ]);
    await q.query(
      `insert into review_areas (company_id, resource, set_by, set_at)
       select $1, unnest($2::text[]), $3, $4 on conflict (company_id, resource) do nothing`,
      [companyId, [...areas], by, now],
    );
  },
};
