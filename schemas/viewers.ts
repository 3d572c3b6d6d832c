import type { FromSchema } from 'json-schema-to-ts';
import { MSG } from './messages';

/**
 * The viewers of spec 002 section 2.7 (alert configuration, configuration by key, entity detail): their keys, codes,
 * texts and the schemas of their calls (API.md "Viewers").
 */

/** The Alert select's keys (spec 002 section 3); `all` keeps every alert. */
export const ALERT_KEYS = [
  'all',
  'long_stoppage',
  'route_deviation',
  'transit_delay',
  'sta_breach',
  'night_driving',
  'continuous_driving',
  'over_speeding',
  'untracked',
  'tracking_interrupted',
  'detention',
  'detention_origin',
  'detention_destination',
  'detention_waypoint',
] as const;
export type AlertKey = (typeof ALERT_KEYS)[number];

/** The keys the Config Key autocomplete offers (spec 002 section 3); the config service stores these. */
export const CONFIG_KEYS = [
  'trip',
  'indent',
  'trip.geofence',
  'trip.consent_nudge',
  'trip.geofence1',
  'trip.handleSearch1',
  'indent.geofence',
  'indent.handleSearch',
  'indent.geofence1',
  'indent.handleSearch1',
  'add',
  'edit',
] as const;

/** Partner Type choices and their codes (spec 002 section 3). */
export const PARTNER_TYPES = { Consignee: 'CEE', Consignor: 'CNR', Transporter: 'TRN' } as const;
export const PARTNER_CODES = ['CEE', 'CNR', 'TRN'] as const;
export type PartnerCode = (typeof PARTNER_CODES)[number];

/** Partners a page of the entity screen shows (spec 002 section 9). */
export const PARTNER_PAGE_SIZE = 20;

/** Texts of the viewers (spec 002 sections 5 and 8, spelled as the spec does) and of their calls' refusals. */
export const VIEWER_MSG = {
  mandatory: 'Please fill mandatory fields',
  configKeyRequired: 'Please enter config key',
  partnerTypeRequired: 'Please select partner type',
  selectCompany: MSG.selectCompany,
  badConfigKey: 'Config key must be at most 100 letters, digits, dots, dashes or underscores',
  badFteid: 'Entity id must be at most 64 letters and digits',
  noConfig: (key: string) => `No configuration is stored for key ${key}`,
  badParam: 'param must be a JSON list of 1 or 2 entries {companyId, companyType, branchId, departmentId}',
  sameType: 'One consignor and one transporter at most, not two of one kind',
  badCompanyType: 'companyType must be TRANSPORTER or CONSIGNOR',
  wrongType: (companyId: string, type: string) => `Company ${companyId} is not a ${type}`,
  badFilter: 'filter must be a JSON object {c, partner_type}',
  badPartnerType: 'partner_type must be CEE, CNR or TRN',
  badPage: 'Page must be a whole number from 1 to 100000',
  badSize: 'Size must be a whole number from 1 to 100',
  badAlertKey: 'Alert key must be one of the alert keys',
  noEntities: 'data must list 1 or 2 entities',
  somethingWrong: 'Something went wrong',
} as const;

/** A company id of an alert viewer entity: digits, as the other screens send them (a string or a number). */
const companyIdField = {
  type: ['string', 'integer'],
  maxLength: 64,
  pattern: '^[0-9]{1,64}$',
  errorMessage: 'companyId must be an id of digits',
} as const;
/** A branch or department id of an alert viewer entity: digits, or empty or null for none. */
const unitIdField = <Name extends string>(name: Name) =>
  ({
    type: ['string', 'integer', 'null'],
    maxLength: 64,
    pattern: '^[0-9]{0,64}$',
    errorMessage: `${name} must be an id of digits`,
  }) as const;

/** One entity of the alert viewer: a consignor's or a transporter's company, branch and department. */
export const alertEntitySchema = {
  type: 'object',
  properties: {
    companyId: companyIdField,
    companyType: { type: 'string', enum: ['TRANSPORTER', 'CONSIGNOR'], errorMessage: VIEWER_MSG.badCompanyType },
    branchId: unitIdField('branchId'),
    departmentId: unitIdField('departmentId'),
  },
  required: ['companyId', 'companyType'],
  additionalProperties: false,
  errorMessage: { required: VIEWER_MSG.badParam, additionalProperties: VIEWER_MSG.badParam },
} as const;
export type AlertEntity = FromSchema<typeof alertEntitySchema>;

/** GET argusconfig: `param`, the JSON text of a list of {@link alertEntitySchema} (checked by the route). */
export const argusQuerySchema = {
  type: 'object',
  properties: { param: { type: 'string', minLength: 2, maxLength: 2000, errorMessage: VIEWER_MSG.badParam } },
  required: ['param'],
  additionalProperties: false,
  errorMessage: { required: { param: VIEWER_MSG.badParam } },
} as const;

/** One alert configuration as the argusconfig call answers it (FT's format). */
const argusAlertSchema = {
  type: 'object',
  properties: {
    featureKey: {
      type: 'string',
      maxLength: 64,
      pattern: '^[a-z0-9_]{1,64}$',
      errorMessage: 'featureKey must be an alert key',
    },
    enabled: { type: 'boolean', errorMessage: 'enabled must be true or false' },
    extraContext: {
      type: 'array',
      maxItems: 10,
      items: { type: 'object' },
      errorMessage: 'extraContext must be a list of objects',
    },
  },
  required: ['featureKey', 'enabled'],
  errorMessage: { required: 'Each alert needs featureKey and enabled' },
} as const;

/** POST ft_to_lego_config: `{data}`, the argusconfig answer (its alerts narrowed to one key, or all). */
export const ftToLegoBodySchema = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      minItems: 1,
      maxItems: 2,
      items: {
        type: 'object',
        properties: {
          ...alertEntitySchema.properties,
          companyName: { type: 'string', maxLength: 200, errorMessage: 'companyName must be at most 200 characters' },
          alerts: {
            type: 'array',
            maxItems: 100,
            items: argusAlertSchema,
            errorMessage: 'alerts must be a list of at most 100 alerts',
          },
        },
        required: ['companyId', 'companyType', 'alerts'],
        errorMessage: { required: 'Each entity needs companyId, companyType and alerts' },
      },
      errorMessage: VIEWER_MSG.noEntities,
    },
  },
  required: ['data'],
  errorMessage: { required: { data: VIEWER_MSG.noEntities } },
} as const;
export type FtToLegoBody = FromSchema<typeof ftToLegoBodySchema>;

/** The scope an entity id is looked up in: the company (and branch, department) chosen. */
export const entityScopeQuerySchema = {
  type: 'object',
  properties: {
    c: { type: 'string', minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    b: { type: 'string', maxLength: 64, errorMessage: 'Branch (b) must be at most 64 characters' },
    d: { type: 'string', maxLength: 64, errorMessage: 'Department (d) must be at most 64 characters' },
  },
  required: ['c'],
  errorMessage: { required: { c: MSG.selectCompany } },
} as const;
export type EntityScopeQuery = FromSchema<typeof entityScopeQuerySchema>;

const fteidField = {
  type: 'string',
  maxLength: 64,
  pattern: '^[A-Za-z0-9]{1,64}$',
  errorMessage: VIEWER_MSG.badFteid,
} as const;

export const entityParamsSchema = {
  type: 'object',
  properties: { fteid: fteidField },
  required: ['fteid'],
} as const;

export const entityConfigParamsSchema = {
  type: 'object',
  properties: {
    fteid: fteidField,
    configKey: {
      type: 'string',
      maxLength: 100,
      pattern: '^[A-Za-z0-9_.-]{1,100}$',
      errorMessage: VIEWER_MSG.badConfigKey,
    },
  },
  required: ['fteid', 'configKey'],
} as const;

/** GET morpheus-partners: `filter` the JSON text of {c, partner_type} (checked by the route), page from 1, size. */
export const partnersQuerySchema = {
  type: 'object',
  properties: {
    filter: { type: 'string', minLength: 2, maxLength: 500, errorMessage: VIEWER_MSG.badFilter },
    page: { type: 'integer', minimum: 1, maximum: 100000, errorMessage: VIEWER_MSG.badPage },
    size: { type: 'integer', minimum: 1, maximum: 100, errorMessage: VIEWER_MSG.badSize },
  },
  required: ['filter'],
  additionalProperties: false,
  errorMessage: { required: { filter: VIEWER_MSG.badFilter } },
} as const;
