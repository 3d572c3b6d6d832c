import type { FromSchema } from 'json-schema-to-ts';
import { accessKeySchema } from './access-key';
import { BODY_OBJECT, MAX_NUMERIC_ID, MSG, badId, idField, idOrNumberField, idTooLarge } from './messages';
import { bool, shape, str, strOrNull } from './api/shapes';

/** Texts of spec 001 sections 5 and 8 for dashboard settings. */
export const DASHBOARD_MSG = {
  type: 'Please select dashboard type',
  menu: 'Please select menulist',
  menuTwice: 'Each dashboard can be chosen only once',
  isCreate: 'isCreate must be true (create) or false (update)',
  updateWhich: 'Please select a configuration to update',
  name: 'Dashboard name must be a text of at most 100 characters',
  reportId: 'Please enter valid PowerBI ReportId',
  rlsRoles: 'Please enter valid PowerBI Rls Roles',
  workspaceId: 'Please enter valid PowerBI WorkspaceId',
  userId: 'Please input userId',
  tabId: 'Please enter valid dashboard workspace',
  tabName: 'Please enter valid dashboard name',
  notUpdated: 'Dashboard is not updated',
  disableError: 'Error while disabling dashboard',
  fetchError: 'Error while fetching dashboard details',
} as const;

/** Role values for PowerBI row-level security (spec 001 section 6). */
export const RLS_ROLES = [
  'Shipper_Company_Trips',
  'Shipper_Company_Indent',
  'ceat_custom_company_indent',
  'ceat_custom_branch_indent',
  'Shipper_Branch_Trips',
  'Shipper_Branch_Indent',
  'Trans_Company_Trips',
  'Trans_Company_Indent',
  'Trans_Branch_Trips',
  'Trans_Branch_Indent',
  'Consignee_Company_Trips',
  'Consignee_Branch_Trips',
  'All',
] as const;

/** 'zoho' is shown as PowerBI (spec 001 section 9). */
export const DASHBOARD_TYPES = ['zoho', 'looker'] as const;

/** The looker form's user id list is typed: at most this many characters (100 ids of up to 19 digits and a separator). */
const USER_IDS_TOO_LONG = 'User Ids must be at most 2000 characters';

const text = (title: string, message: string) =>
  ({
    type: 'string',
    title,
    minLength: 1,
    maxLength: 200,
    pattern: '\\S',
    errorMessage: { minLength: message, pattern: message, type: message, maxLength: 'Maximum 200 character allowed' },
  }) as const;

/** One PowerBI entry: the dashboard menu it belongs to and its report, workspace and RLS roles. */
const powerbiEntry = {
  type: 'object',
  properties: {
    menu: {
      type: 'string',
      title: 'Menu',
      minLength: 1,
      maxLength: 100,
      errorMessage: { minLength: DASHBOARD_MSG.menu, maxLength: DASHBOARD_MSG.menu },
    },
    reportId: text('PowerBI ReportId', DASHBOARD_MSG.reportId),
    workspaceId: text('PowerBI WorkspaceId', DASHBOARD_MSG.workspaceId),
    rlsRoles: {
      type: 'array',
      title: 'PowerBI Rls Roles',
      items: { type: 'string', enum: [...RLS_ROLES], errorMessage: DASHBOARD_MSG.rlsRoles },
      uniqueItems: true,
      minItems: 1,
      errorMessage: {
        minItems: DASHBOARD_MSG.rlsRoles,
        type: DASHBOARD_MSG.rlsRoles,
        uniqueItems: DASHBOARD_MSG.rlsRoles,
      },
    },
  },
  required: ['menu', 'reportId', 'workspaceId', 'rlsRoles'],
  errorMessage: {
    required: {
      menu: DASHBOARD_MSG.menu,
      reportId: DASHBOARD_MSG.reportId,
      workspaceId: DASHBOARD_MSG.workspaceId,
      rlsRoles: DASHBOARD_MSG.rlsRoles,
    },
  },
} as const;

/** One looker tab: its dashboard id and name. */
const lookerTab = {
  type: 'object',
  properties: {
    dashboard_id: text('Dashboard Id', DASHBOARD_MSG.tabId),
    name: text('Dashboard Name', DASHBOARD_MSG.tabName),
  },
  required: ['dashboard_id', 'name'],
  errorMessage: {
    type: DASHBOARD_MSG.tabName,
    required: { dashboard_id: DASHBOARD_MSG.tabId, name: DASHBOARD_MSG.tabName },
  },
} as const;

/** The dashboard form (spec 001 sections 2.5 and 5): the type decides which entries are asked for. */
export const dashboardFormSchema = {
  type: 'object',
  properties: {
    typeDashboard: {
      type: 'string',
      title: 'Dashboard Type',
      // Shown as PowerBI and looker (the form's ui:enumNames); an enum, since rjsf would preselect a oneOf's first const.
      enum: [...DASHBOARD_TYPES],
      errorMessage: DASHBOARD_MSG.type,
    },
  },
  required: ['typeDashboard'],
  errorMessage: { required: { typeDashboard: DASHBOARD_MSG.type } },
  // Nested if/then/else at the root: rjsf renders the branch of the chosen type, and a failing branch reports
  // only its own fields' messages (a oneOf would also report the other type's const).
  if: { properties: { typeDashboard: { const: 'zoho' } }, required: ['typeDashboard'] },
  then: {
    properties: {
      powerbi: { type: 'array', title: 'PowerBI Dashboards', items: powerbiEntry, minItems: 1, default: [{}] },
    },
    required: ['powerbi'],
  },
  else: {
    if: { properties: { typeDashboard: { const: 'looker' } }, required: ['typeDashboard'] },
    then: {
      properties: {
        userId: {
          type: 'string',
          title: 'User Ids',
          minLength: 1,
          maxLength: 2000,
          // At least one digit, else only digits, commas and spaces: separators up to the first digit, then anything
          // allowed (one way to read each text, where `[0-9,\s]*[0-9][0-9,\s]*` could try every digit).
          pattern: '^[,\\s]*[0-9][0-9,\\s]*$',
          errorMessage: {
            minLength: DASHBOARD_MSG.userId,
            pattern: DASHBOARD_MSG.userId,
            maxLength: USER_IDS_TOO_LONG,
          },
        },
        tabs: { type: 'array', title: 'Dashboard Tabs', items: lookerTab, minItems: 1, default: [{}] },
      },
      required: ['userId', 'tabs'],
      errorMessage: { required: { userId: DASHBOARD_MSG.userId } },
    },
  },
} as const;

const AT_MOST_50 = 'At most 50 dashboards';

/** A PowerBI or looker list parallel to the chosen dashboards: `message` when it is not a list. */
const entries = <S extends object, M extends string>(items: S, message: M) =>
  ({ type: 'array', items, maxItems: 50, errorMessage: { type: message, maxItems: AT_MOST_50 } }) as const;

/** At least one looker tab, with `message` when there is none. */
const tabsRequired = <M extends string>(message: M) =>
  ({
    properties: { dashboardWorkspace: { minItems: 1, errorMessage: { minItems: message } } },
    required: ['dashboardWorkspace'],
    errorMessage: { required: { dashboardWorkspace: message } },
  }) as const;

/** POST setDashboard (spec 001 section 7): PowerBI lists are parallel to dashboardSlug. */
export const setDashboardSchema = {
  type: 'object',
  properties: {
    companyId: { type: ['string', 'integer'], maxLength: 64, pattern: '^[0-9]+$', errorMessage: MSG.selectCompany },
    branchId: idOrNumberField('branchId'),
    departmentId: idOrNumberField('departmentId'),
    customerConfigId: { type: ['string', 'null'], maxLength: 64, errorMessage: badId('customerConfigId') },
    isCreate: { type: 'boolean', errorMessage: DASHBOARD_MSG.isCreate },
    typeDashboard: { type: 'string', enum: [...DASHBOARD_TYPES], errorMessage: DASHBOARD_MSG.type },
    dashboardName: { type: 'string', maxLength: 100, errorMessage: DASHBOARD_MSG.name },
    dashboardSlug: {
      type: 'array',
      items: { type: 'string', minLength: 1, maxLength: 100, errorMessage: DASHBOARD_MSG.menu },
      maxItems: 50,
      // One entry per dashboard: the stored extraContext is keyed by the slug, so a second entry would replace the first.
      uniqueItems: true,
      errorMessage: { type: DASHBOARD_MSG.menu, maxItems: AT_MOST_50, uniqueItems: DASHBOARD_MSG.menuTwice },
    },
    dashboardReportId: entries(text('PowerBI ReportId', DASHBOARD_MSG.reportId), DASHBOARD_MSG.reportId),
    dashboardWorkspaceId: entries(text('PowerBI WorkspaceId', DASHBOARD_MSG.workspaceId), DASHBOARD_MSG.workspaceId),
    dashboardRlsRoles: entries(powerbiEntry.properties.rlsRoles, DASHBOARD_MSG.rlsRoles),
    userId: {
      type: 'array',
      items: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_NUMERIC_ID,
        errorMessage: { type: DASHBOARD_MSG.userId, minimum: DASHBOARD_MSG.userId, maximum: idTooLarge('A user id') },
      },
      maxItems: 100,
      errorMessage: { type: DASHBOARD_MSG.userId, maxItems: 'You can only add up to 100 user IDs' },
    },
    dashboardWorkspace: entries(lookerTab, DASHBOARD_MSG.tabName),
  },
  required: ['companyId', 'typeDashboard', 'isCreate'],
  errorMessage: {
    type: BODY_OBJECT,
    required: { companyId: MSG.selectCompany, typeDashboard: DASHBOARD_MSG.type, isCreate: DASHBOARD_MSG.isCreate },
  },
  allOf: [
    {
      if: { properties: { isCreate: { const: false } }, required: ['isCreate'] },
      then: {
        properties: {
          customerConfigId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: DASHBOARD_MSG.updateWhich },
        },
        required: ['customerConfigId'],
        errorMessage: { required: { customerConfigId: DASHBOARD_MSG.updateWhich } },
      },
    },
    {
      if: { properties: { typeDashboard: { const: 'zoho' } }, required: ['typeDashboard'] },
      then: {
        properties: { dashboardSlug: { minItems: 1, errorMessage: { minItems: DASHBOARD_MSG.menu } } },
        required: ['dashboardSlug', 'dashboardReportId', 'dashboardWorkspaceId', 'dashboardRlsRoles'],
        errorMessage: {
          required: {
            dashboardSlug: DASHBOARD_MSG.menu,
            dashboardReportId: DASHBOARD_MSG.reportId,
            dashboardWorkspaceId: DASHBOARD_MSG.workspaceId,
            dashboardRlsRoles: DASHBOARD_MSG.rlsRoles,
          },
        },
      },
    },
    {
      if: { properties: { typeDashboard: { const: 'looker' } }, required: ['typeDashboard'] },
      then: {
        properties: { userId: { minItems: 1, errorMessage: { minItems: DASHBOARD_MSG.userId } } },
        required: ['userId'],
        errorMessage: { required: { userId: DASHBOARD_MSG.userId } },
        // No tab at all lacks both a tab's name and its workspace: one check per text, so each is said.
        allOf: [tabsRequired(DASHBOARD_MSG.tabName), tabsRequired(DASHBOARD_MSG.tabId)],
      },
    },
  ],
} as const;

/** Query of the dashboard calls. */
export const dashboardQuerySchema = {
  type: 'object',
  properties: {
    key: accessKeySchema,
    companyId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    branchId: idField('branchId'),
    departmentId: idField('departmentId'),
    active: { type: 'integer', enum: [0, 1], errorMessage: 'active must be 0 or 1' },
    id: idField('id'),
  },
  required: ['companyId'],
  errorMessage: { required: { companyId: MSG.selectCompany } },
} as const;

/**
 * A dashboard config as the dashboard calls answer it. `extraContext` is the JSON text of spec 001 section 3:
 * PowerBI's entries keyed by menu slug, or looker's `enabled_users` and `dashboard_tab`; a null branch: the company's.
 */
export const dashboardAnswer = shape({
  id: str,
  customerConfigId: str,
  featureKey: str,
  enabled: bool,
  dashboardType: str,
  extraContext: str,
  branchId: strOrNull,
});

export type DashboardRecord = FromSchema<typeof dashboardAnswer>;

export type DashboardQuery = FromSchema<typeof dashboardQuerySchema>;
