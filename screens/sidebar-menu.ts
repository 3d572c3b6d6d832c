import { ACCESS_KEY } from '../schemas/access-key';
import {
  SIDEBAR_MSG,
  SIDEBAR_ROLES,
  parseUserIds,
  sidebarMenuFormSchema,
  userIdTextSchema,
  type SidebarMenuForm,
  type UpdateLandingPageBody,
  type UpdateSideMenuListBody,
} from '../schemas/sidebar-menu';
import { validate } from '../schemas/ajv';
import { callEndpoint, endpoint } from '../engine/data/endpoint';
import { dataCalls, sidebarMenuCalls } from '../schemas/api/data';
import { pick, textAt, textsAt } from '../engine/data/pick';
import { defineForm, defineList } from '../engine/registry/define';
import type { ConfigContext } from '../engine/types';
import * as registered from './sidebar-menu.meta';

/** The data family's sidebar calls (spec 001 section 7); every one sends the access key. */
const key = { key: ACCESS_KEY };
export const sidebarApi = {
  list: endpoint(sidebarMenuCalls.list, { query: { ...key, enabled: 1 } }),
  menu: endpoint(dataCalls.sidebarMenuList, { scoped: false, query: { ...key, companyId: 1, active: 1 } }),
  byId: endpoint(dataCalls.sidebarConfigById, { query: key }),
  landing: endpoint(dataCalls.landingPage, { query: key }),
  save: endpoint(sidebarMenuCalls.save, { query: key }),
  saveLanding: endpoint(dataCalls.updateLandingPage, { query: key }),
};

/** /sidebar-menu: the company's overrides. */
export const sidebarMenuList = defineList({
  ...registered.sidebarMenuList,
  source: sidebarApi.list,
  rowKey: 'id',
  columns: [{ title: 'Feature Name', field: 'featureKey' }],
  search: { placeholder: 'Search features', fields: ['featureKey'] },
  noun: 'menus',
  emptyText: 'No sidebar menu override found for the given selection',
  fetchError: 'Error while fetching data',
  headerButtons: [
    { label: 'Set SideMenuBar', to: '/sidebar-menu/add', primary: true, companyMessage: SIDEBAR_MSG.noCompany },
  ],
  edit: { to: '/sidebar-menu/edit/:id' },
});

/** Role and user ids are hidden (and not sent) when a branch is chosen. */
const targetOf = (form: SidebarMenuForm, { scope }: ConfigContext) =>
  scope.branchId ? { roles: null, userId: [] } : { roles: form.roles ?? null, userId: parseUserIds(form.userId) };
/**
 * What both saves send besides the target: the key, whose override it is and enabled 1 (a save enables it). The
 * engine asks for a company before saving, so the empty id is never sent.
 */
const where = ({
  scope,
}: ConfigContext): Pick<UpdateSideMenuListBody, 'key' | 'companyId' | 'branchId' | 'enabled'> => ({
  key: ACCESS_KEY,
  companyId: scope.companyId ?? '',
  branchId: scope.branchId ?? null,
  enabled: 1,
});

/** /sidebar-menu/add and /sidebar-menu/edit/{id}: one field over the whole form (see SideMenuField). */
export const sidebarMenuForm = defineForm({
  ...registered.sidebarMenuForm,
  schema: sidebarMenuFormSchema,
  uiSchema: {
    'ui:field': 'sideMenu',
    'ui:options': { menuList: sidebarApi.menu, configByTarget: sidebarApi.byId, landingByTarget: sidebarApi.landing },
    roles: { 'ui:enumNames': SIDEBAR_ROLES.map((role) => role.name) },
  },
  companyMessage: SIDEBAR_MSG.noCompany,
  load: {
    endpoint: sidebarApi.byId,
    input: ({ scope, params }) => ({ scope, query: { id: params.id } }),
    error: 'Error while fetching data',
  },
  toForm: (config) => {
    const roles = pick(config, 'roles');
    return {
      roles: typeof roles === 'number' ? roles : undefined,
      userId: textsAt(config, 'userId').join(', ') || undefined,
      landingPage: textAt(config, 'landingPage'),
      extracontext: textsAt(config, 'extracontext'),
    };
  },
  toSubmission: (form, ctx) => ({
    body: {
      ...where(ctx),
      ...targetOf(form, ctx),
      extracontext: form.extracontext,
      ...(ctx.editing && ctx.params.id ? { id: ctx.params.id } : {}),
    },
  }),
  // The landing page is saved by a second call once the menu list is (its failure toasted by the HTTP helper).
  afterSave: async (form, ctx) => {
    const body: UpdateLandingPageBody = { ...where(ctx), ...targetOf(form, ctx), landingPage: form.landingPage };
    return (await callEndpoint(sidebarApi.saveLanding, { scope: ctx.scope, body })).ok;
  },
  // Submit waits while the user ids hold letters.
  parts: [({ formData }) => ({ blocksSubmit: validate(userIdTextSchema, formData.userId ?? '').length > 0 })],
  submit: { create: sidebarApi.save },
  submitLabel: { create: 'Submit Menu List', edit: 'Submit Menu List' },
  messages: {
    created: 'Side menu updated successfully',
    createError: 'Error while adding',
    updateError: 'Error while updating',
    preferServer: true,
  },
  after: '/sidebar-menu',
  back: '/sidebar-menu',
});
