import { ACCESS_KEY } from '../schemas/access-key';
import { DASHBOARD_MSG, dashboardFormSchema } from '../schemas/dashboard';
import { parseUserIds } from '../schemas/sidebar-menu';
import { endpoint } from '../engine/data/endpoint';
import { dataCalls } from '../schemas/api/data';
import type { FormConfig, ListConfig } from '../engine/types';
import { switchColumn } from '../engine/list/switchColumn';
import * as registered from './dashboards.meta';

/** The data family's dashboard calls (spec 001 section 7). */
export const dashboardApi = {
  list: endpoint(dataCalls.dashboards, { query: { active: 1 } }),
  toggle: endpoint(dataCalls.toggleDashboard),
  byId: endpoint(dataCalls.dashboardById),
  menu: endpoint(dataCalls.dashboardMenu, { scoped: false, query: { key: ACCESS_KEY, companyId: 1 } }),
  save: endpoint(dataCalls.setDashboard),
};

/** 'zoho' is shown as 'powerbi' (spec 001 section 2.5). */
const shownName = (key: unknown) => (key === 'zoho' ? 'powerbi' : key);

/** /dashboard-settings: the company's dashboards with their enable switch. */
export const dashboardList: ListConfig = {
  ...registered.dashboardList,
  source: dashboardApi.list,
  rowKey: 'id',
  columns: [
    { title: 'Dashboard Name', field: 'featureKey', value: (row) => shownName(row.featureKey) },
    switchColumn({
      title: 'Enable Dashboard',
      field: 'enabled',
      endpoint: dashboardApi.toggle,
      input: (row) => ({ body: { customerConfigId: row.customerConfigId ?? row.id } }),
      confirmText: 'Are you sure want to disable/enable dashboard?',
      error: DASHBOARD_MSG.disableError,
    }),
  ],
  emptyText: 'No dashboards found for the given selection',
  fetchError: 'Error while fetching data',
  headerButtons: [{ label: 'Add Dashboard', to: '/dashboard-settings/add', primary: true }],
  edit: { to: '/dashboard-settings/edit/:id' },
};

type PowerbiEntry = { menu?: string; reportId?: string; workspaceId?: string; rlsRoles?: string[] };
type LookerTab = { dashboard_id?: string; name?: string };
const rows = { orderable: false, copyable: false, columns: 2, keepLast: true };

/** The stored record as the form holds it: extraContext (JSON text) split into entries. */
function toDashboardForm(record: Record<string, unknown>): Record<string, unknown> {
  let extra: Record<string, unknown> = {};
  try {
    extra = JSON.parse(String(record.extraContext ?? '{}')) as Record<string, unknown>;
  } catch {
    extra = {};
  }
  if (record.dashboardType === 'looker') {
    return {
      typeDashboard: 'looker',
      userId: ((extra.enabled_users as number[] | undefined) ?? []).join(', '),
      tabs: (extra.dashboard_tab as LookerTab[] | undefined) ?? [{}],
    };
  }
  return {
    typeDashboard: 'zoho',
    powerbi: Object.entries(extra).map(([menu, entry]) => ({ menu, ...(entry as PowerbiEntry) })),
  };
}

/** /dashboard-settings/add and /dashboard-settings/edit/{id}: the type decides the entries asked for. */
export const dashboardForm: FormConfig = {
  ...registered.dashboardForm,
  schema: dashboardFormSchema,
  uiSchema: {
    'ui:order': ['typeDashboard', 'powerbi', 'userId', 'tabs'],
    typeDashboard: { 'ui:placeholder': 'Select dashboard type', 'ui:enumNames': ['PowerBI', 'looker'] },
    powerbi: {
      'ui:options': { ...rows, addText: 'Add PowerBI Dashboard' },
      items: {
        menu: { 'ui:widget': 'remoteSelect', 'ui:options': { endpoint: dashboardApi.menu, labelField: 'name', valueField: 'slug', placeholder: 'Select menu', fetchError: 'Error while fetching data' } },
        rlsRoles: { 'ui:widget': 'select', 'ui:placeholder': 'Select roles' },
      },
    },
    userId: { 'ui:widget': 'idList' },
    tabs: { 'ui:options': { ...rows, addText: 'Add Dashboard Tab' } },
  },
  load: { endpoint: dashboardApi.byId, input: ({ scope, params }) => ({ scope, query: { id: params.id } }), error: DASHBOARD_MSG.fetchError },
  toForm: toDashboardForm,
  toSubmission: (form, { scope, editing, params }) => {
    const powerbi = (form.powerbi as PowerbiEntry[] | undefined) ?? [];
    const looker = form.typeDashboard === 'looker';
    return {
      body: {
        companyId: scope.companyId,
        branchId: scope.branchId ?? null,
        departmentId: scope.departmentId ?? null,
        customerConfigId: editing ? params.id : null,
        isCreate: !editing,
        typeDashboard: form.typeDashboard,
        dashboardName: form.typeDashboard,
        ...(looker
          ? { userId: parseUserIds(form.userId as string), dashboardWorkspace: form.tabs }
          : {
            dashboardSlug: powerbi.map((e) => e.menu),
            dashboardReportId: powerbi.map((e) => e.reportId),
            dashboardWorkspaceId: powerbi.map((e) => e.workspaceId),
            dashboardRlsRoles: powerbi.map((e) => e.rlsRoles),
          }),
      },
    };
  },
  submit: { create: dashboardApi.save },
  submitLabel: { create: 'Submit', edit: 'Submit' },
  messages: { created: 'Dashboard set successfully', createError: DASHBOARD_MSG.notUpdated, updateError: DASHBOARD_MSG.notUpdated, preferServer: true },
  after: '/dashboard-settings',
  back: '/dashboard-settings',
};
