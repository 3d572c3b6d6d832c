import { DASHBOARD_MSG } from '../../schemas/dashboard';
import { dashboardRepository } from '../repos/dashboard-repository';
import type { WriteRule } from '../repos/resource-table';
import { RuleRefusal } from './refusal';

/** The PowerBI lists parallel to dashboardSlug, each with the text of spec 001 section 5 for a missing entry. */
const POWERBI_LISTS = [
  ['dashboardReportId', DASHBOARD_MSG.reportId],
  ['dashboardWorkspaceId', DASHBOARD_MSG.workspaceId],
  ['dashboardRlsRoles', DASHBOARD_MSG.rlsRoles],
] as const;

/** A body's list (the call's schema has checked its entries), or none. */
const listAt = (body: Readonly<Record<string, unknown>>, name: string): readonly unknown[] => {
  const value = body[name];
  return Array.isArray(value) ? value : [];
};

/**
 * 400 unless every chosen dashboard has its report id, workspace id and RLS roles: each list shorter than
 * dashboardSlug answers its own text; an entry beyond the last slug has no dashboard ('Please select menulist').
 */
function checkPowerbiLists(body: Readonly<Record<string, unknown>>) {
  const slugs = listAt(body, 'dashboardSlug').length;
  const short = POWERBI_LISTS.filter(([name]) => listAt(body, name).length < slugs).map(([, message]) => message);
  if (short.length) throw new RuleRefusal(short);
  if (POWERBI_LISTS.some(([name]) => listAt(body, name).length > slugs)) throw new RuleRefusal([DASHBOARD_MSG.menu]);
}

/**
 * The extraContext JSON text of a setDashboard body (spec 001 section 3): PowerBI (`zoho`) keys each slug's
 * report, workspace and RLS roles (400 when the lists do not match); looker keeps its users and tabs. The schema
 * keeps slugs unique.
 */
export function dashboardExtraContext(body: Readonly<Record<string, unknown>>): string {
  if (body.typeDashboard === 'zoho') {
    checkPowerbiLists(body);
    const [reports, workspaces, roles] = POWERBI_LISTS.map(([name]) => listAt(body, name));
    return JSON.stringify(
      Object.fromEntries(
        listAt(body, 'dashboardSlug').map((slug, i) => [
          String(slug),
          { reportId: reports[i], workspaceId: workspaces[i], rlsRoles: roles[i] },
        ]),
      ),
    );
  }
  return JSON.stringify({ enabled_users: listAt(body, 'userId'), dashboard_tab: listAt(body, 'dashboardWorkspace') });
}

/**
 * What a dashboard stores (spec 001 sections 3 and 7): its type as its feature and type, and the settings made of the
 * body; a PowerBI dashboard's menus must be dashboard menu items (400 'Please select menulist').
 */
export const dashboardRule: WriteRule = async (q, _scope, body) => {
  const type = String(body.typeDashboard);
  // The lists first: a PowerBI list that lacks an entry is said before its menus are looked up.
  const extraContext = dashboardExtraContext(body);
  if (type === 'zoho') {
    const slugs = listAt(body, 'dashboardSlug').map(String);
    if ((await dashboardRepository.menuSlugs(q, slugs)).size !== new Set(slugs).size)
      throw new RuleRefusal([DASHBOARD_MSG.menu]);
  }
  return { featureKey: type, dashboardType: type, extraContext };
};
