import { defineCall } from './contract';
import { ANSWERS } from './answers';
import { alertToggleSchema, dataScopeQuerySchema } from '../alerts';
import { alertBulkBodySchema, alertBulkQuerySchema } from '../alert-bulk';
import { BULK_TEXT } from '../bulk-rows';
import { uiConfigBodySchema, uiConfigByIdQuerySchema, uiConfigToggleSchema } from '../ui-config';
import { AUTO_CLOSURE_TEXT, autoClosureBodySchema, autoClosureByIdQuerySchema, autoClosureQuerySchema, autoClosureToggleSchema } from '../auto-closure';
import { sidebarQuerySchema, updateLandingPageSchema, updateSideMenuListSchema } from '../sidebar-menu';
import { dashboardQuerySchema, setDashboardSchema, toggleDashboardSchema } from '../dashboard';

/** Every data-family call answers `{status, result: {status, data, message}}` and names its scope companyId/branchId/departmentId. */
const data = { service: 'data', envelope: 'data' } as const;

/** A bulk upload of 600 rows with long e-mail lists is larger than Fastify's default 1 MB. */
const BULK_BODY_LIMIT = 8 * 1024 * 1024;

/** The dashboard menu is read without a company. */
const dashboardMenuQuerySchema = { ...dashboardQuerySchema, required: [] } as const;

/** The data family of spec 001 section 7: alert settings, alert and ticket UI config, auto closure, sidebar menu, dashboards. */
export const dataCalls = {
  alerts: defineCall({ ...data, id: 'alerts.list', method: 'GET', path: '/saas/data/automation/getAlerts', summary: "A company's alert configs (with a branch: its own and the company-wide ones)", querystring: dataScopeQuerySchema }),
  setAlerts: defineCall({ ...data, id: 'alerts.set', method: 'POST', path: '/saas/data/automation/setAlerts', summary: 'Bulk alert upload: one answer per row; allOrNone stores all rows or answers 400 naming the failed ones', querystring: alertBulkQuerySchema, body: alertBulkBodySchema, bodyLimit: BULK_BODY_LIMIT, messages: ['Alert config already exists', BULK_TEXT.unstorable] }),
  toggleAlert: defineCall({ ...data, id: 'alerts.toggle', method: 'POST', path: '/saas/data/automation/toggleAlert', summary: "Flips an alert config's enable flag", querystring: dataScopeQuerySchema, body: alertToggleSchema, answers: { 412: ANSWERS.stale } }),
  toggleAlertTickets: defineCall({ ...data, id: 'alerts.toggleTickets', method: 'POST', path: '/saas/data/automation/toggleAlertTickets', summary: "Flips an alert config's ticket flag", querystring: dataScopeQuerySchema, body: alertToggleSchema, answers: { 412: ANSWERS.stale } }),

  uiConfigs: defineCall({ ...data, id: 'uiConfig.list', method: 'GET', path: '/saas/data/onBoardingAPI/getAlertTicketUIConfig', summary: "A company's alert and ticket UI configs", querystring: dataScopeQuerySchema }),
  toggleUiConfig: defineCall({ ...data, id: 'uiConfig.toggle', method: 'POST', path: '/saas/data/onBoardingAPI/toggleUIConfig', summary: "Flips a UI config's enable flag", querystring: dataScopeQuerySchema, body: uiConfigToggleSchema, answers: { 412: ANSWERS.stale } }),
  uiConfigById: defineCall({ ...data, id: 'uiConfig.get', method: 'GET', path: '/saas/data/onBoardingAPI/fetchUIConfigById', summary: 'One UI config', querystring: uiConfigByIdQuerySchema }),
  alertList: defineCall({ ...data, id: 'uiConfig.alertList', method: 'GET', path: '/saas/data/onBoardingAPI/fetchAlertList', summary: 'The alert names a UI config can list' }),
  updateUiConfig: defineCall({ ...data, id: 'uiConfig.update', method: 'POST', path: '/saas/data/onBoardingAPI/updateUIConfig', summary: 'Creates or replaces a UI config', body: uiConfigBodySchema, answers: { 404: ANSWERS.notFoundInBody, 409: 'UI config already exists for this module', 412: ANSWERS.stale } }),

  autoClosures: defineCall({ ...data, id: 'autoClosure.list', method: 'GET', path: '/saas/data/autoclosure/getAutoClosureList', summary: "A company's auto closure rules", querystring: autoClosureQuerySchema }),
  autoClosureById: defineCall({ ...data, id: 'autoClosure.get', method: 'GET', path: '/saas/data/autoclosure/getAutoClosureById', summary: 'One auto closure rule', querystring: autoClosureByIdQuerySchema }),
  customFields: defineCall({ ...data, id: 'autoClosure.customFields', method: 'GET', path: '/saas/data/autoclosure/getCustomField', summary: "The trip fields a rule can test (built-in and the company's custom values)", querystring: autoClosureQuerySchema }),
  toggleAutoClosure: defineCall({ ...data, id: 'autoClosure.toggle', method: 'POST', path: '/saas/data/autoclosure/toggleAutoClosure', summary: "Flips a rule's enable flag", querystring: autoClosureQuerySchema, body: autoClosureToggleSchema, answers: { 412: ANSWERS.stale } }),
  saveAutoClosure: defineCall({ ...data, id: 'autoClosure.save', method: 'POST', path: '/saas/data/autoclosure/createAndUpdateAutoClosure', summary: 'Creates a rule (one per type and scope), or updates the one named by customerConfigId (edit: true)', body: autoClosureBodySchema, messages: [AUTO_CLOSURE_TEXT.exists, AUTO_CLOSURE_TEXT.bandOrder, AUTO_CLOSURE_TEXT.bandsOverlap], answers: { 404: ANSWERS.notFoundInBody, 409: AUTO_CLOSURE_TEXT.exists, 412: ANSWERS.stale } }),

  sidebarConfigs: defineCall({ ...data, id: 'sidebar.configs', method: 'GET', path: '/saas/data/onBoardingAPI/fetchSideBarMenuConfig', summary: "A company's sidebar menu overrides", querystring: sidebarQuerySchema }),
  sidebarMenuList: defineCall({ ...data, id: 'sidebar.menuList', method: 'GET', path: '/saas/data/onBoardingAPI/fetchSideBarMenuList', summary: 'The menu items an override can choose', querystring: sidebarQuerySchema }),
  sidebarConfigById: defineCall({ ...data, id: 'sidebar.configById', method: 'GET', path: '/saas/data/onBoardingAPI/fetchSideBarMenuConfigById', summary: 'One override, by id or by role and users', querystring: sidebarQuerySchema }),
  landingPage: defineCall({ ...data, id: 'sidebar.landingPage', method: 'GET', path: '/saas/data/onBoardingAPI/fetchLandingPage', summary: 'The landing page of a role or users', querystring: sidebarQuerySchema }),
  updateSideMenuList: defineCall({ ...data, id: 'sidebar.update', method: 'POST', path: '/saas/data/onBoardingAPI/updateSideMenuList', summary: 'Sets the menu items of a role or users', body: updateSideMenuListSchema, answers: { 404: ANSWERS.notFoundInBody, 409: 'A side menu for this role or these users already exists', 412: ANSWERS.stale } }),
  updateLandingPage: defineCall({ ...data, id: 'sidebar.updateLandingPage', method: 'POST', path: '/saas/data/onBoardingAPI/updateLandingPage', summary: 'Sets the landing page of a role or users', body: updateLandingPageSchema, answers: { 404: ANSWERS.notFoundInBody } }),

  dashboards: defineCall({ ...data, id: 'dashboards.list', method: 'GET', path: '/saas/data/automationdashboard/getDashboardList', summary: "A company's dashboards", querystring: dashboardQuerySchema }),
  toggleDashboard: defineCall({ ...data, id: 'dashboards.toggle', method: 'POST', path: '/saas/data/automationdashboard/toggleDashboard', summary: "Flips a dashboard's enable flag", querystring: dashboardQuerySchema, body: toggleDashboardSchema, answers: { 412: ANSWERS.stale } }),
  dashboardById: defineCall({ ...data, id: 'dashboards.get', method: 'GET', path: '/saas/data/automationdashboard/getDashboardbyId', summary: 'One dashboard', querystring: dashboardQuerySchema }),
  dashboardMenu: defineCall({ ...data, id: 'dashboards.menu', method: 'GET', path: '/saas/data/automationdashboard/getDashboardMenu', summary: 'The menus a PowerBI dashboard can sit under', querystring: dashboardMenuQuerySchema }),
  setDashboard: defineCall({ ...data, id: 'dashboards.set', method: 'POST', path: '/saas/data/automationdashboard/setDashboard', summary: 'Creates or replaces a dashboard config', body: setDashboardSchema, answers: { 404: ANSWERS.notFoundInBody, 412: ANSWERS.stale } }),
};
