import { int, list, str } from '../api/shapes';
import { defineResource, type ResourceRecord } from '../resource';
import { SIDEBAR_MSG, SIDEBAR_ROLES, sidebarQuerySchema, updateSideMenuListSchema } from '../sidebar-menu';
import { TARGET_FIELD, TARGET_WORDS } from './landing-pages';

/** The words of a menu saved, made or changed alike (spec 001 section 7). */
const SAVED = 'Side menu updated successfully';

/**
 * Sidebar menu overrides (spec 001 sections 2.4, 3 and 7, API.md "Sidebar menu"): the menu items a company or branch
 * shows to one role, some users or everyone (its `target`, made by the server's rule from the body's `roles` or
 * `userId`, with the feature key it is stored under: server/rules/sidebar-target.ts). The data family's list
 * (`fetchSideBarMenuConfig`, the scope's overrides oldest first, `?enabled=` naming which) and save
 * (`updateSideMenuList`: with an `id` an edit of that override, which keeps its place; without, the menu of the scope's
 * override of that target, made when there is none) are built from this. Each answers the landing page of the
 * override's target beside it (schemas/resources/landing-pages.ts). The fetch by id or by target, the landing page's
 * calls and the platform's menu stay calls of their own (server/routes/sidebar-menu.ts); the list and form are
 * screens/sidebar-menu.ts.
 */
export const sidebarMenus = defineResource({
  name: 'sidebarMenu',
  objectType: 'sidebar_menu',
  table: 'sidebar_menu_configs',
  idPrefix: 'sbm',
  noun: 'sidebar menu',
  plural: 'sidebar menus',
  title: 'Sidebar menus',
  path: '/saas/data/onBoardingAPI',
  screen: '/sidebar-menu',
  screenFile: true,
  reach: 'branch',
  stamps: 'timestamps',
  api: {
    service: 'data',
    prefix: 'sidebar',
    calls: ['list', 'save'],
    ids: { list: 'configs', save: 'update' },
    paths: { list: 'fetchSideBarMenuConfig', save: 'updateSideMenuList' },
    unpaged: true,
    query: { enabled: sidebarQuerySchema.properties.enabled },
    listFilters: ['enabled'],
    save: { created: SAVED, updated: SAVED, upsert: true },
    body: updateSideMenuListSchema,
    companyInAnswer: true,
    ruleMessages: [SIDEBAR_MSG.menuList, 'Choose a role or user ids, not both'],
    refers: { 'body.userId': 'a platform user (an override is for some users): no record of the company' },
    computed: {
      landingPage: {
        sql: `(select l.landing_page from sidebar_landing_pages l where l.company_id = sidebar_menu_configs.company_id
          and coalesce(l.branch_id, '') = coalesce(sidebar_menu_configs.branch_id, '')
          and l.target = sidebar_menu_configs.target)`,
        answer: { type: ['string', 'null'] },
      },
    },
  },
  fields: {
    target: TARGET_FIELD,
    featureKey: {
      column: 'feature_key',
      label: 'Feature',
      sql: 'text',
      required: true,
      schema: { type: 'string', minLength: 1, maxLength: 200 },
    },
    roles: {
      column: 'roles',
      label: 'Roles',
      sql: 'integer',
      schema: { type: ['integer', 'null'], enum: [...SIDEBAR_ROLES.map((role) => role.id), null] },
    },
    userId: {
      column: 'user_ids',
      label: 'Users',
      sql: 'json',
      required: true,
      schema: updateSideMenuListSchema.properties.userId,
      answer: list(int),
    },
    extracontext: {
      column: 'extracontext',
      label: 'Menu items',
      sql: 'json',
      required: true,
      schema: updateSideMenuListSchema.properties.extracontext,
      answer: list(str),
    },
    // Saves always send 1 (spec 001 section 7); 0 is kept only as a copy or revert may have it.
    enabled: {
      column: 'enabled',
      label: 'Enabled',
      sql: 'integer',
      default: 1,
      schema: { type: 'integer', enum: [0, 1] },
    },
  },
  naturalKey: ['target'],
  taken: 'A side menu for this role or these users already exists',
  label: ['target'],
  labelSql: TARGET_WORDS,
  order: { field: 'createdAt' },
  compare: true,
  refs: { user_ids: 'user' },
  // Tata Steel's menu for its Admin role (its landing page is in landing-pages.ts).
  seed: [
    {
      id: 'sbm_tsl_admin',
      company: '1001',
      values: {
        target: 'role:9',
        featureKey: 'sidebar_menu_Admin',
        roles: 9,
        userId: [],
        extracontext: ['trips', 'trip_list', 'create_trip', 'control_tower', 'alerts', 'analytics', 'trip_analytics'],
        enabled: 1,
      },
    },
  ],
});

/** An override as its calls answer it: its fields, company, branch, and its target's landing page (null without one). */
export type SidebarConfig = ResourceRecord<typeof sidebarMenus>;
