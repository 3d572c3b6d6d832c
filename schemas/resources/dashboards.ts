import { REASONS } from '../api/reasons';
import { DASHBOARD_MSG, DASHBOARD_TYPES, dashboardQuerySchema, setDashboardSchema } from '../dashboard';
import { defineResource, switchField } from '../resource';

/** The words of a dashboard saved, created or edited alike (spec 001 section 7). */
const SET = 'Dashboard set successfully for companyIds [ {companyId} ]';

/**
 * Embedded BI dashboards (spec 001 sections 2.5, 3 and 7): per company, branch or department, a PowerBI (`zoho`) or
 * looker dashboard whose settings are the JSON text of section 3. The data family's calls (`getDashboardList`, every
 * dashboard of the scope oldest first; `getDashboardbyId?id=`, the dashboard as `result` itself; `toggleDashboard` by
 * `customerConfigId`; `setDashboard`, a create with `isCreate: true` or an edit of `customerConfigId`, answering the id
 * with the company beside it) are built from this. The server's rule (server/rules/resource-rules.ts) checks the
 * PowerBI menus and lists and makes the settings of the body. The list and forms are screens/dashboards.ts.
 */
export const dashboards = defineResource({
  name: 'dashboards',
  objectType: 'dashboard',
  table: 'dashboards',
  idPrefix: 'dsh',
  noun: 'dashboard',
  plural: 'dashboards',
  title: 'Dashboards',
  path: '/saas/data/automationdashboard',
  screen: '/dashboard-settings',
  reach: 'department',
  stamps: 'timestamps',
  api: {
    service: 'data',
    calls: ['list', 'byId', 'toggle', 'save'],
    ids: { save: 'set' },
    paths: {
      list: 'getDashboardList',
      byId: 'getDashboardbyId',
      toggle: 'toggleDashboard',
      save: 'setDashboard',
    },
    unpaged: true,
    idInQuery: true,
    idMessage: 'Please select a configuration',
    byIdInResult: true,
    query: { active: dashboardQuerySchema.properties.active },
    idAlso: 'customerConfigId',
    toggle: {
      field: 'enabled',
      id: 'customerConfigId',
      on: 'Dashboard enabled',
      off: 'Dashboard disabled',
      stateOnly: true,
    },
    save: {
      created: SET,
      updated: SET,
      edit: { flag: 'isCreate', id: 'customerConfigId', creates: true },
      companiesAs: 'companyId',
      companiesInResult: true,
    },
    body: setDashboardSchema,
    ruleMessages: [DASHBOARD_MSG.menu, DASHBOARD_MSG.reportId, DASHBOARD_MSG.workspaceId, DASHBOARD_MSG.rlsRoles],
    refers: {
      'body.dashboardReportId': REASONS.powerBi,
      'body.dashboardWorkspaceId': REASONS.powerBi,
      'body.userId': REASONS.platformUser,
    },
  },
  fields: {
    featureKey: {
      column: 'feature_key',
      label: 'Feature',
      sql: 'text',
      required: true,
      schema: { type: 'string', enum: [...DASHBOARD_TYPES], errorMessage: DASHBOARD_MSG.type },
    },
    dashboardType: {
      column: 'dashboard_type',
      label: 'Dashboard type',
      sql: 'text',
      required: true,
      schema: { type: 'string', enum: [...DASHBOARD_TYPES], errorMessage: DASHBOARD_MSG.type },
    },
    // Section 3's JSON text: PowerBI's entries keyed by menu slug, or looker's users and tabs.
    extraContext: {
      column: 'extra_context',
      label: 'Settings',
      sql: 'text',
      required: true,
      schema: { type: 'string', maxLength: 200_000 },
    },
    enabled: switchField('enabled', 'Enabled'),
  },
  naturalKey: ['featureKey', 'dashboardType'],
  label: ['featureKey', 'dashboardType'],
  order: { field: 'createdAt' },
  compare: true,
  screenFile: true,
  // Tata Steel's PowerBI trip analytics and its looker freight overview.
  seed: [
    {
      id: 'dsh_tsl_powerbi',
      company: '1001',
      values: {
        featureKey: 'zoho',
        dashboardType: 'zoho',
        extraContext: JSON.stringify({
          trip_analytics: {
            reportId: 'f3b1c2d4-8a7e-4c21-9d3b-5e6f7a8b9c01',
            workspaceId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
            rlsRoles: ['Shipper_Company_Trips'],
          },
        }),
      },
    },
    {
      id: 'dsh_tsl_looker',
      company: '1001',
      values: {
        featureKey: 'looker',
        dashboardType: 'looker',
        extraContext: JSON.stringify({
          enabled_users: [5001, 5002],
          dashboard_tab: [{ dashboard_id: '42', name: 'Freight Overview' }],
        }),
      },
    },
  ],
});
