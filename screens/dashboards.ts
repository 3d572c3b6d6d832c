import { ACCESS_KEY } from '../schemas/access-key';
import { DASHBOARD_MSG, dashboardFormSchema, type DashboardRecord } from '../schemas/dashboard';
import { parseUserIds } from '../schemas/sidebar-menu';
import { endpoint } from '../engine/data/endpoint';
import { dashboardCalls, dataCalls } from '../schemas/api/data';
import { defineForm, defineList } from '../engine/registry/define';
import type { Row } from '../engine/types';
import * as registered from './dashboards.meta';

/** The data family's dashboard calls (spec 001 section 7). */
export const dashboardApi = {
  list: endpoint(dashboardCalls.list, { query: { active: 1 } }),
  toggle: endpoint(dashboardCalls.toggle),
  byId: endpoint(dashboardCalls.byId),
  menu: endpoint(dataCalls.dashboardMenu, { scoped: false, query: { key: ACCESS_KEY, companyId: 1 } }),
  save: endpoint(dashboardCalls.save),
};

/** 'zoho' is shown as 'powerbi' (spec 001 section 2.5). */
const shownName = (key: unknown) => (key === 'zoho' ? 'powerbi' : key);

/** /dashboard-settings: the company's dashboards with their enable switch. */
export const dashboardList = defineList({
  ...registered.dashboardList,
  source: dashboardApi.list,
  rowKey: 'id',
  columns: [
    { title: 'Dashboard Name', field: 'featureKey', value: (row) => shownName(row.featureKey) },
    {
      title: 'Enable Dashboard',
      field: 'enabled',
      kind: 'switch',
      toggle: {
        endpoint: dashboardApi.toggle,
        input: (row) => ({ body: { customerConfigId: row.customerConfigId ?? row.id } }),
        confirmText: 'Are you sure want to disable/enable dashboard?',
        error: DASHBOARD_MSG.disableError,
      },
    },
  ],
  search: { placeholder: 'Search dashboards', fields: ['featureKey'] },
  noun: 'dashboards',
  emptyText: 'No dashboards found for the given selection',
  fetchError: 'Error while fetching data',
  headerButtons: [{ label: 'Add Dashboard', to: '/dashboard-settings/add', primary: true }],
  edit: { to: '/dashboard-settings/edit/:id' },
});

const rows = { orderable: false, copyable: false, columns: 2, keepLast: true };

const isObject = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored extraContext as an object: {} when it is not a JSON object. */
function parseExtraContext(text: string): Row {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}

/** The stored record as the form holds it: extraContext (JSON text) split into entries. */
function toDashboardForm(record: Pick<Partial<DashboardRecord>, 'extraContext' | 'dashboardType'>) {
  const extra = parseExtraContext(record.extraContext ?? '');
  if (record.dashboardType === 'looker') {
    return {
      typeDashboard: 'looker',
      userId: (Array.isArray(extra.enabled_users) ? extra.enabled_users : []).join(', '),
      tabs: Array.isArray(extra.dashboard_tab) ? extra.dashboard_tab : [{}],
    };
  }
  return {
    typeDashboard: 'zoho',
    powerbi: Object.entries(extra).map(([menu, entry]) => ({ menu, ...(isObject(entry) ? entry : {}) })),
  };
}

/** /dashboard-settings/add and /dashboard-settings/edit/{id}: the type decides the entries asked for. */
export const dashboardForm = defineForm({
  ...registered.dashboardForm,
  schema: dashboardFormSchema,
  uiSchema: {
    'ui:order': ['typeDashboard', 'powerbi', 'userId', 'tabs'],
    typeDashboard: { 'ui:placeholder': 'Select dashboard type', 'ui:enumNames': ['PowerBI', 'looker'] },
    powerbi: {
      'ui:options': { ...rows, addText: 'Add PowerBI Dashboard' },
      items: {
        menu: {
          'ui:widget': 'remoteSelect',
          'ui:options': {
            endpoint: dashboardApi.menu,
            labelField: 'name',
            valueField: 'slug',
            placeholder: 'Select menu',
            fetchError: 'Error while fetching data',
          },
        },
        rlsRoles: { 'ui:widget': 'select', 'ui:placeholder': 'Select roles' },
      },
    },
    userId: { 'ui:widget': 'idList' },
    tabs: { 'ui:options': { ...rows, addText: 'Add Dashboard Tab' } },
  },
  load: {
    endpoint: dashboardApi.byId,
    input: ({ scope, params }) => ({ scope, query: { id: params.id } }),
    error: DASHBOARD_MSG.fetchError,
  },
  toForm: toDashboardForm,
  // The form data is one of the schema's branches (zoho or looker), as validated.
  toSubmission: (form, { scope, editing, params }) => ({
    body: {
      // The engine submits only with a company chosen ('' would be refused with the same text as none).
      companyId: scope.companyId ?? '',
      branchId: scope.branchId ?? null,
      departmentId: scope.departmentId ?? null,
      customerConfigId: editing ? params.id : null,
      isCreate: !editing,
      typeDashboard: form.typeDashboard,
      dashboardName: form.typeDashboard,
      ...(form.typeDashboard === 'looker'
        ? { userId: parseUserIds(form.userId), dashboardWorkspace: form.tabs }
        : {
            dashboardSlug: form.powerbi.map((e) => e.menu),
            dashboardReportId: form.powerbi.map((e) => e.reportId),
            dashboardWorkspaceId: form.powerbi.map((e) => e.workspaceId),
            dashboardRlsRoles: form.powerbi.map((e) => e.rlsRoles),
          }),
    },
  }),
  submit: { create: dashboardApi.save },
  submitLabel: { create: 'Submit', edit: 'Submit' },
  messages: {
    created: 'Dashboard set successfully',
    createError: DASHBOARD_MSG.notUpdated,
    updateError: DASHBOARD_MSG.notUpdated,
    preferServer: true,
  },
  after: '/dashboard-settings',
  back: '/dashboard-settings',
});
