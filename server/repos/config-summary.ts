import { ALL_AUDITED, type AuditedTable, branchSql } from '../../schemas/audited';
import type { ConfigCount } from '../../schemas/api/audit';
import type { Queryable } from '../store/store';
import type { Scope } from './scope-repository';

/** The SQL counting one table's records of the company `$1` (and, where the table has branches, of branch `$2`). */
function countSql(declaration: AuditedTable): string {
  const branch = declaration.branch;
  if (declaration.keptCount)
    return `select coalesce(sum(n), 0) from list_counts where tbl = '${declaration.table}' and company_id = $1
      ${branch ? 'and ($2::text is null or k1 = $2)' : ''}`;
  return `select count(*) from ${declaration.table} t where t.company_id = $1
    ${branch ? `and ($2::text is null or ${branchSql(branch)} = $2)` : ''}`;
}

/** The audited tables a company keeps its own rows in (a waypoint is its route's, counted with it). */
const COUNTED = ALL_AUDITED.filter(
  (declaration) => declaration.tenant === 'company_id' && !declaration.countedWithParent,
);

/** One statement counting every kind at once, in the declarations' order. */
const SUMMARY_SQL = COUNTED.map((declaration, i) => `select ${i} as i, (${countSql(declaration)})::int as count`).join(
  '\nunion all ',
);

/** The name of a kind in words, as a heading: 'Known places'. */
const heading = (plural: string) => `${plural.charAt(0).toUpperCase()}${plural.slice(1)}`;

/**
 * How many records of each audited kind the scope keeps: the company's, or with a branch chosen that branch's of the
 * kinds kept per branch (the others are the company's whatever the branch).
 */
export async function configSummary(q: Queryable, scope: Scope): Promise<ConfigCount[]> {
  const rows = await q.query<{ i: number; count: number }>(SUMMARY_SQL, [scope.companyId, scope.branchId]);
  const counts = new Map(rows.map((row) => [row.i, row.count]));
  return COUNTED.map((declaration, i) => ({
    objectType: declaration.objectType,
    label: heading(declaration.plural),
    count: counts.get(i) ?? 0,
  }));
}
