import type { FromSchema } from 'json-schema-to-ts';
import { accessKeySchema } from './access-key';
import { BODY_OBJECT, MAX_NUMERIC_ID, MSG, badId, idField, idTooLarge } from './messages';
import { int, shape, str, strOrNull } from './api/shapes';

/** Texts of spec 001 sections 5 and 8 for the sidebar menu override. */
export const SIDEBAR_MSG = {
  landingPage: 'Please Select Landing Page',
  menuList: 'Please select menulist',
  idsOnly: 'Only numbers and commas are allowed',
  tooManyIds: 'You can only add up to 100 user IDs',
  idsTooLong: 'User Ids must be at most 2000 characters',
  noCompany: 'Select a company to set side bar menu override',
  noMenu: 'No sidebar menu found',
} as const;

/** At most this many user ids per override (spec 001 section 9). */
export const MAX_USER_IDS = 100;

/**
 * Roles the override may target (spec 001 section 6). The spec names every role but the one with id 21;
 * 'Consignor-Operator' is our name for it (the operator role of a consignor company, beside Transporter-Operator).
 */
export const SIDEBAR_ROLES = [
  { id: 9, name: 'Admin' },
  { id: 10, name: 'Transporter-Operator' },
  { id: 8, name: 'Broker' },
  { id: 35, name: 'CONSIGNEE-ADMIN' },
  { id: 12, name: 'Truck-Driver' },
  { id: 21, name: 'Consignor-Operator' },
] as const;

/** The message of a role that is not one of {@link SIDEBAR_ROLES}, naming them with their ids. */
export const ROLE_MESSAGE = `Role must be one of ${SIDEBAR_ROLES.map((role) => `${role.name} (${role.id})`).join(', ')}`;

/** An enum, not a oneOf of consts: rjsf would preselect the first const as a default. Names: {@link SIDEBAR_ROLES}. */
const roleSchema = {
  type: 'integer',
  title: 'Role of User',
  enum: SIDEBAR_ROLES.map((role) => role.id),
  errorMessage: ROLE_MESSAGE,
} as const;

/** The user id text's length limit: 100 ids of up to 19 digits, each with a separator. */
const USER_IDS_MAX_LENGTH = 2000;

/**
 * The user ids as typed: digits, commas and spaces, at most 100 numbers (digit runs, so '1, 2,3' is three).
 * Two keywords, so each rule has its own message; not an allOf of two patterns, which rjsf would merge into one.
 * The count's pattern is linear: digit runs and the rest alternate, so there is one way to split a text into them.
 */
export const userIdTextSchema = {
  type: 'string',
  title: 'User Ids',
  maxLength: USER_IDS_MAX_LENGTH,
  pattern: '^[0-9,\\s]*$',
  not: { maxLength: USER_IDS_MAX_LENGTH, pattern: `^[^0-9]*([0-9]+[^0-9]+){${MAX_USER_IDS}}[0-9]` },
  errorMessage: { pattern: SIDEBAR_MSG.idsOnly, not: SIDEBAR_MSG.tooManyIds, maxLength: SIDEBAR_MSG.idsTooLong },
} as const;

/** The sidebar override form (spec 001 section 2.4): role or user ids, landing page, menu slugs. */
export const sidebarMenuFormSchema = {
  type: 'object',
  properties: {
    roles: roleSchema,
    userId: userIdTextSchema,
    landingPage: {
      type: 'string',
      title: 'Landing Page',
      minLength: 1,
      maxLength: 500,
      errorMessage: { minLength: SIDEBAR_MSG.landingPage, maxLength: SIDEBAR_MSG.landingPage },
    },
    extracontext: {
      type: 'array',
      title: 'Menu List',
      // rjsf starts the list with one empty entry (minItems): that entry says what is missing, not 'must be string'.
      items: { type: 'string', maxLength: 100, errorMessage: SIDEBAR_MSG.menuList },
      minItems: 1,
      errorMessage: { minItems: SIDEBAR_MSG.menuList },
    },
  },
  required: ['landingPage', 'extracontext'],
  errorMessage: { required: { landingPage: SIDEBAR_MSG.landingPage, extracontext: SIDEBAR_MSG.menuList } },
} as const;

/** Company and branch as the data family sends them: digit strings or numbers. */
const idValue = {
  type: ['string', 'integer'],
  maxLength: 64,
  pattern: '^[0-9]*$',
  errorMessage: MSG.selectCompany,
} as const;
const branchValue = { type: ['string', 'integer', 'null'], maxLength: 64, errorMessage: badId('branchId') } as const;
const key = accessKeySchema;
/** Only 0 or 1 (spec 001 section 7 sends 1). */
const flag = <Name extends string>(name: Name) =>
  ({ type: 'integer', enum: [0, 1], errorMessage: `${name} must be 0 or 1` }) as const;
/** Saves always send enabled 1 (spec 001 section 9). */
const enabledOne = { const: 1, errorMessage: 'enabled must be 1' } as const;
const userIdList = {
  type: 'array',
  items: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_NUMERIC_ID,
    errorMessage: { type: SIDEBAR_MSG.idsOnly, minimum: SIDEBAR_MSG.idsOnly, maximum: idTooLarge('A user id') },
  },
  maxItems: MAX_USER_IDS,
  errorMessage: { maxItems: SIDEBAR_MSG.tooManyIds, type: SIDEBAR_MSG.idsOnly },
} as const;
const roles = {
  type: ['integer', 'null'],
  enum: [...SIDEBAR_ROLES.map((role) => role.id), null],
  errorMessage: ROLE_MESSAGE,
} as const;

/** Query of the sidebar reads: key, companyId, branchId, and roles or userId (comma-joined). */
export const sidebarQuerySchema = {
  type: 'object',
  properties: {
    key,
    companyId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    branchId: idField('branchId'),
    departmentId: idField('departmentId'),
    enabled: flag('enabled'),
    active: flag('active'),
    id: idField('id'),
    roles: { type: 'integer', enum: SIDEBAR_ROLES.map((role) => role.id), errorMessage: ROLE_MESSAGE },
    userId: {
      type: 'string',
      maxLength: USER_IDS_MAX_LENGTH,
      pattern: '^[0-9,\\s]*$',
      errorMessage: SIDEBAR_MSG.idsOnly,
    },
  },
  required: ['companyId'],
  errorMessage: { required: { companyId: MSG.selectCompany } },
} as const;

/** POST updateSideMenuList (spec 001 section 7). */
export const updateSideMenuListSchema = {
  type: 'object',
  properties: {
    key,
    id: idField('id'),
    companyId: idValue,
    branchId: branchValue,
    extracontext: {
      type: 'array',
      items: { type: 'string', minLength: 1, maxLength: 100, errorMessage: SIDEBAR_MSG.menuList },
      minItems: 1,
      maxItems: 500,
      errorMessage: { minItems: SIDEBAR_MSG.menuList, type: SIDEBAR_MSG.menuList, maxItems: 'At most 500 menu items' },
    },
    roles,
    userId: userIdList,
    enabled: enabledOne,
  },
  required: ['companyId', 'extracontext'],
  errorMessage: { type: BODY_OBJECT, required: { companyId: MSG.selectCompany, extracontext: SIDEBAR_MSG.menuList } },
} as const;

/** POST updateLandingPage (spec 001 section 7). */
export const updateLandingPageSchema = {
  type: 'object',
  properties: {
    key,
    companyId: idValue,
    branchId: branchValue,
    roles,
    userId: userIdList,
    landingPage: { type: 'string', minLength: 1, maxLength: 500, errorMessage: SIDEBAR_MSG.landingPage },
    enabled: enabledOne,
  },
  required: ['companyId', 'landingPage'],
  errorMessage: { type: BODY_OBJECT, required: { companyId: MSG.selectCompany, landingPage: SIDEBAR_MSG.landingPage } },
} as const;

export type SidebarQuery = FromSchema<typeof sidebarQuerySchema>;
export type UpdateSideMenuListBody = FromSchema<typeof updateSideMenuListSchema>;
export type UpdateLandingPageBody = FromSchema<typeof updateLandingPageSchema>;

/** The override form's data, from its schema. */
export type SidebarMenuForm = FromSchema<typeof sidebarMenuFormSchema>;

/** A menu item of the platform (fetchSideBarMenuList): parent is the parent's slug (null at the top). */
export const menuItemAnswer = shape({ id: int, name: str, slug: str, parent: strOrNull, url: str });

export type MenuItem = FromSchema<typeof menuItemAnswer>;

/** Items the override may offer: not those named '(Deprecated)' or '(Depreciated)' (spec 001 section 5). */
export const isLiveMenuItem = (item: Pick<MenuItem, 'name'>) => !/\((Deprecated|Depreciated)\)\s*$/i.test(item.name);

/** Landing-page choices also need a real url. */
export const hasRealUrl = (item: Pick<MenuItem, 'url'>) => /^\/[^\s]*[A-Za-z0-9]/.test(item.url ?? '');

/** The numbers of a typed id list; anything else is dropped (spec 001 section 5). */
export const parseUserIds = (text: string | undefined): number[] =>
  (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^[0-9]+$/.test(part))
    .map(Number)
    .filter((n) => n > 0);
