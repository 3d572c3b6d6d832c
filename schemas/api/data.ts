import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { AGGREGATES } from './aggregates';
import { alerts } from '../resources/alerts';
import { uiConfigs } from '../resources/ui-configs';
import { autoClosures } from '../resources/auto-closure';
import { dashboards } from '../resources/dashboards';
import { sidebarMenus } from '../resources/sidebar-menus';
import { callsOf } from './resources';
import { answerSchemaOf } from '../resource';
import { defineCall, IDS_IN_QUERY, type ScopeSource } from './contract';
import { ANSWERS } from './answers';
import { REASONS } from './refers';
import { int, list, none, shape, str } from './shapes';
import { alertConfigAnswer, alertToggleSchema, dataScopeQuerySchema } from '../alerts';
import { alertBulkBodySchema, alertBulkQuerySchema, alertBulkResultAnswer } from '../alert-bulk';
import { BULK_TEXT } from '../bulk-rows';
import { autoClosureQuerySchema } from '../auto-closure';
import { menuItemAnswer, sidebarQuerySchema, updateLandingPageSchema } from '../sidebar-menu';
import { dashboardQuerySchema } from '../dashboard';

/** Every data-family call answers `{status, result: {status, data, message}}` and names its scope companyId/branchId/departmentId. */
const data = { service: 'data', envelope: 'data' } as const;

/** The records of the data family addressed by id (checked within the scope's reach before a handler runs). */
const SIDEBAR = AGGREGATES.sidebarOverride;

/** A bulk upload of 600 rows with long e-mail lists is larger than Fastify's default 1 MB. */
const BULK_BODY_LIMIT = 8 * 1024 * 1024;

/** The sidebar reads' scope: companyId and branchId in the query (a departmentId sent is not read). */
const COMPANY_BRANCH_IN_QUERY = { in: 'query', c: 'companyId', b: 'branchId' } as const satisfies ScopeSource;
/** The sidebar's query ids besides its scope: a department it does not read, and the users an override is for. */
const SIDEBAR_QUERY_IDS = { 'query.departmentId': REASONS.noDepartment, 'query.userId': REASONS.platformUser } as const;
/** The scope a call of the platform's own menu is sent with, and does not read (and the id it lists by). */
const PLATFORM_MENU_IDS = {
  'query.id': REASONS.unread,
  'query.companyId': REASONS.platformMenu,
  'query.branchId': REASONS.platformMenu,
  'query.departmentId': REASONS.platformMenu,
} as const;
/** The same in the body: the saves of UI configs, auto closure rules and sidebar menus (they take no department). */
const COMPANY_BRANCH_IN_BODY = { in: 'body', c: 'companyId', b: 'branchId' } as const satisfies ScopeSource;

/** The dashboard menu is read without a company. */
const dashboardMenuQuerySchema = { ...dashboardQuerySchema, required: [] } as const;

/** `schema`, or null where there is none. */
const orNull = <const S extends JSONSchema>(schema: S) => ({ anyOf: [schema, none] }) as const;

/** An alert type a UI config module can list (fetchAlertList). */
export const alertTypeAnswer = shape({ featureKey: str, name: str });
export type AlertType = FromSchema<typeof alertTypeAnswer>;

/** A company custom field a rule-based closure can test (offered as `custom_values.<fieldId>`). */
export const customFieldAnswer = shape({ fieldId: str, displayName: str });
export type CustomField = FromSchema<typeof customFieldAnswer>;

/** The landing page of a role or users. */
export const landingPageAnswer = shape({ landingPage: str });
export type LandingPage = FromSchema<typeof landingPageAnswer>;

/** A menu item a PowerBI dashboard can sit under (getDashboardMenu). */
export const dashboardMenuAnswer = shape({ id: int, name: str, slug: str, url: str });
export type DashboardMenuItem = FromSchema<typeof dashboardMenuAnswer>;

/** The data family of spec 001 section 7: alert settings, alert and ticket UI config, auto closure, sidebar menu, dashboards. */
export const dataCalls = {
  setAlerts: defineCall({
    ...data,
    id: 'alerts.set',
    refers: {
      'query.companyId': REASONS.rowScope,
      'query.branchId': REASONS.rowScope,
      'query.departmentId': REASONS.rowScope,
    },
    method: 'POST',
    path: '/saas/data/automation/setAlerts',
    summary: 'Bulk alert upload: one answer per row; allOrNone stores all rows or answers 400 naming the failed ones',
    querystring: alertBulkQuerySchema,
    body: alertBulkBodySchema,
    bodyLimit: BULK_BODY_LIMIT,
    messages: ['Alert config already exists', BULK_TEXT.unstorable],
    answer: list(alertBulkResultAnswer),
  }),
  toggleAlertTickets: defineCall({
    ...data,
    id: 'alerts.toggleTickets',
    area: alerts.name,
    method: 'POST',
    path: '/saas/data/automation/toggleAlertTickets',
    summary: "Flips an alert config's ticket flag",
    querystring: dataScopeQuerySchema,
    body: alertToggleSchema,
    versioned: true,
    answer: alertConfigAnswer,
    scope: IDS_IN_QUERY,
  }),

  alertList: defineCall({
    ...data,
    id: 'uiConfig.alertList',
    method: 'GET',
    path: '/saas/data/onBoardingAPI/fetchAlertList',
    summary: 'The alert names a UI config can list',
    answer: list(alertTypeAnswer),
  }),
  customFields: defineCall({
    ...data,
    id: 'autoClosure.customFields',
    refers: { 'query.id': REASONS.unread },
    method: 'GET',
    path: '/saas/data/autoclosure/getCustomField',
    summary: "The trip fields a rule can test (built-in and the company's custom values)",
    querystring: autoClosureQuerySchema,
    answer: list(customFieldAnswer),
    scope: IDS_IN_QUERY,
  }),
  sidebarMenuList: defineCall({
    ...data,
    id: 'sidebar.menuList',
    refers: { ...PLATFORM_MENU_IDS, 'query.userId': REASONS.platformUser },
    method: 'GET',
    path: '/saas/data/onBoardingAPI/fetchSideBarMenuList',
    summary: 'The menu items an override can choose',
    querystring: sidebarQuerySchema,
    answer: list(menuItemAnswer),
  }),
  sidebarConfigById: defineCall({
    ...data,
    id: 'sidebar.configById',
    refers: SIDEBAR_QUERY_IDS,
    owns: [{ aggregate: SIDEBAR, id: 'query.id' }],
    etag: true,
    method: 'GET',
    path: '/saas/data/onBoardingAPI/fetchSideBarMenuConfigById',
    summary: 'One override, by id or by role and users',
    querystring: sidebarQuerySchema,
    // By target, a role or users without an override answer null ('No sidebar menu found').
    answer: orNull(answerSchemaOf(sidebarMenus)),
    scope: COMPANY_BRANCH_IN_QUERY,
  }),
  landingPage: defineCall({
    ...data,
    id: 'sidebar.landingPage',
    refers: { 'query.id': REASONS.unread, ...SIDEBAR_QUERY_IDS },
    method: 'GET',
    path: '/saas/data/onBoardingAPI/fetchLandingPage',
    summary: 'The landing page of a role or users',
    querystring: sidebarQuerySchema,
    answer: orNull(landingPageAnswer),
    scope: COMPANY_BRANCH_IN_QUERY,
  }),
  updateLandingPage: defineCall({
    ...data,
    id: 'sidebar.updateLandingPage',
    refers: { 'body.userId': REASONS.platformUser },
    method: 'POST',
    path: '/saas/data/onBoardingAPI/updateLandingPage',
    summary: 'Sets the landing page of a role or users',
    body: updateLandingPageSchema,
    answers: { 404: ANSWERS.notFoundInBody },
    answer: landingPageAnswer,
    scope: COMPANY_BRANCH_IN_BODY,
  }),

  dashboardMenu: defineCall({
    ...data,
    id: 'dashboards.menu',
    refers: PLATFORM_MENU_IDS,
    method: 'GET',
    path: '/saas/data/automationdashboard/getDashboardMenu',
    summary: 'The menus a PowerBI dashboard can sit under',
    querystring: dashboardMenuQuerySchema,
    answer: list(dashboardMenuAnswer),
  }),
};

/**
 * The sidebar menu overrides' list and save, built from their declaration (schemas/resources/sidebar-menus.ts); the
 * fetch by id or target, the landing page's calls and the platform's menu are the data family's above.
 */
export const sidebarMenuCalls = callsOf(sidebarMenus);

/** The alert-and-ticket UI config modules' calls, built from their declaration (schemas/resources/ui-configs.ts). */
export const uiConfigCalls = callsOf(uiConfigs);

/** The auto closure rules' calls, built from their declaration (schemas/resources/auto-closure.ts). */
export const autoClosureCalls = callsOf(autoClosures);

/** The dashboards' calls, built from their declaration (schemas/resources/dashboards.ts). */
export const dashboardCalls = callsOf(dashboards);

/** The alert configs' list and switch, built from their declaration (schemas/resources/alerts.ts). */
export const alertCalls = callsOf(alerts);
