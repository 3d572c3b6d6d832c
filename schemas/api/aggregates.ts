import { type AuditedTable, auditedOf, auditedTable } from '../audited';
import { consignees } from '../resources/consignees';
import { knownPlaces } from '../resources/known-places';
import { partners } from '../resources/partners';
import { reportSchedules } from '../resources/report-schedules';
import { routes } from '../resources/routes';
import { sidebarMenus } from '../resources/sidebar-menus';
import { waypoints } from '../resources/waypoints';
import type { Aggregate, CompanyWide } from './contract';

/**
 * What `owns` checks for a record an audited table keeps (DESIGN.md "one declaration per stored aggregate"): its
 * table (joined to its parent's when the record is its parent's, as a waypoint is its route's), its id column, and
 * where its company, branch and department are, all read from its declaration (schemas/audited.ts), never restated.
 */
export function aggregateOf(declaration: AuditedTable): Aggregate {
  const { tenant } = declaration;
  if (tenant === 'company_id')
    return {
      name: declaration.name.toLowerCase(),
      table: declaration.table,
      id: declaration.id,
      branch: declaration.branch ? pathSql('', declaration.branch) : false,
      department: declaration.department ? pathSql('', declaration.department) : false,
    };
  const parent = auditedTable(tenant.parent);
  if (!parent) throw new Error(`${declaration.objectType}: its parent table ${tenant.parent} is not audited`);
  // The record `c` is within reach when its parent `p`, joined by the column that names it, is.
  return {
    name: declaration.name.toLowerCase(),
    table: `${declaration.table} c join ${parent.table} p on p.id = c.${tenant.via}`,
    id: `c.${declaration.id}`,
    company: 'p.company_id',
    branch: parent.branch ? pathSql('p.', parent.branch) : false,
    department: parent.department ? pathSql('p.', parent.department) : false,
  };
}

/** A path of keys into a row (a column, or a key inside a JSON column) as SQL, its columns prefixed by `alias`. */
function pathSql(alias: string, [column, ...inside]: readonly string[]): string {
  return inside.length === 0 ? `${alias}${column}` : `(${alias}${column} #>> '{${inside.join(',')}}')`;
}

/** The aggregate of an audited table kept for the whole company (no branch): each record is within every branch's reach. */
export function companyWideOf(declaration: AuditedTable): CompanyWide {
  if (declaration.branch || declaration.department || declaration.tenant !== 'company_id')
    throw new Error(`${declaration.objectType} is not kept for the whole company`);
  return { ...aggregateOf(declaration), branch: false, department: false };
}

/** The aggregates of the audited tables the calls address by id, by object type. */
export const AGGREGATES = {
  route: aggregateOf(auditedOf(routes)),
  waypoint: aggregateOf(auditedOf(waypoints)),
  sidebarOverride: aggregateOf(auditedOf(sidebarMenus)),
  reportSchedule: aggregateOf(auditedOf(reportSchedules)),
  knownPlace: companyWideOf(auditedOf(knownPlaces)),
  consignee: companyWideOf(auditedOf(consignees)),
  partner: companyWideOf(auditedOf(partners)),
} as const;
