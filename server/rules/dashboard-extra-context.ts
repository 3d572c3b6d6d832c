import { DASHBOARD_MSG, type SetDashboardBody } from '../../schemas/dashboard';
import { RuleRefusal } from './refusal';

/** The PowerBI lists parallel to dashboardSlug, each with the text of spec 001 section 5 for a missing entry. */
const POWERBI_LISTS = [
  ['dashboardReportId', DASHBOARD_MSG.reportId],
  ['dashboardWorkspaceId', DASHBOARD_MSG.workspaceId],
  ['dashboardRlsRoles', DASHBOARD_MSG.rlsRoles],
] as const;

/**
 * 400 unless every chosen dashboard has its report id, workspace id and RLS roles: each list shorter than
 * dashboardSlug answers its own text; an entry beyond the last slug has no dashboard ('Please select menulist').
 */
function checkPowerbiLists(body: SetDashboardBody) {
  const slugs = body.dashboardSlug?.length ?? 0;
  const short = POWERBI_LISTS.filter(([name]) => (body[name]?.length ?? 0) < slugs).map(([, message]) => message);
  if (short.length) throw new RuleRefusal(short);
  if (POWERBI_LISTS.some(([name]) => (body[name]?.length ?? 0) > slugs)) throw new RuleRefusal([DASHBOARD_MSG.menu]);
}

/**
 * The extraContext JSON text of a setDashboard body (spec 001 section 3): PowerBI (`zoho`) keys each slug's
 * report, workspace and RLS roles (400 when the lists do not match); looker keeps its users and tabs. The schema
 * keeps slugs unique.
 */
export function dashboardExtraContext(body: SetDashboardBody): string {
  if (body.typeDashboard === 'zoho') {
    checkPowerbiLists(body);
    const slugs = body.dashboardSlug ?? [];
    return JSON.stringify(
      Object.fromEntries(
        slugs.map((slug, i) => [
          slug,
          {
            reportId: body.dashboardReportId![i],
            workspaceId: body.dashboardWorkspaceId![i],
            rlsRoles: body.dashboardRlsRoles![i],
          },
        ]),
      ),
    );
  }
  return JSON.stringify({ enabled_users: body.userId ?? [], dashboard_tab: body.dashboardWorkspace ?? [] });
}
