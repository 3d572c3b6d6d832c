import { callEndpoint, endpoint } from '../engine/data/endpoint';
import { textAt } from '../engine/data/pick';
import type { HttpResult } from '../engine/data/http';
import { toolAction, type ToolConfig, type ToolValues } from '../engine/tool/types';
import type { Scope } from '../engine/scope/scope';
import { ToolRefusal } from '../engine/tool/useToolController';
import { companyCalls } from '../schemas/api/company';
import { viewerCalls } from '../schemas/api/viewers';
import {
  ALERT_KEYS,
  CONFIG_KEYS,
  PARTNER_CODES,
  PARTNER_PAGE_SIZE,
  PARTNER_TYPES,
  VIEWER_MSG,
} from '../schemas/viewers';
import * as registered from './viewers.meta';

/** The copy texts of the result boxes (spec 002 section 8). */
const COPY = {
  copy: 'Copy Config JSON',
  copied: 'JSON Copied to Clipboard',
  copyFailed: 'Error in copyJsonToClipboard',
  stringifyFailed: 'Error in getting json string',
} as const;

/** A failed call's first message, else 'Something went wrong'. */
const firstMessage = ({ result }: { result: HttpResult<unknown> }) => result.messages[0] ?? VIEWER_MSG.somethingWrong;
const text = (value: unknown) => String(value ?? '').trim();

/** A company, branch or department id chosen in the alert viewer (its select's value: an id of digits). */
const idInput = (title: string) => ({
  type: 'string',
  title,
  maxLength: 64,
  pattern: '^[0-9]*$',
  errorMessage: { maxLength: `${title} must be at most 64 digits`, pattern: `${title} must be an id of digits` },
});

/** The alert viewer's two blocks: the field prefix, the company type it asks for and its title. */
const PARTIES = [
  ['consignor', 'CONSIGNOR', 'Consignor'],
  ['transporter', 'TRANSPORTER', 'Transporter'],
] as const;

/**
 * One block's selects: the companies of its type found by name as the operator types (the filter bar's search), then
 * the chosen company's branches (all at once, narrowed as the operator types), then the chosen branch's departments.
 */
const partyUi = (prefix: string, companyType: string) => ({
  [`${prefix}CompanyId`]: {
    'ui:widget': 'remoteSelect',
    'ui:options': {
      endpoint: endpoint(companyCalls.companySearch),
      labelField: 'name',
      valueField: 'id',
      placeholder: 'Type a company name',
      search: { param: 'q' },
      query: { type: companyType },
      fetchError: VIEWER_MSG.somethingWrong,
    },
  },
  [`${prefix}BranchId`]: {
    'ui:widget': 'remoteSelect',
    'ui:options': {
      endpoint: endpoint(companyCalls.branchSearch),
      labelField: 'name',
      valueField: 'old_branch_id',
      placeholder: 'Branch (optional)',
      search: { param: 'q', minChars: 0 },
      queryFrom: { cId: `${prefix}CompanyId` },
      fetchError: VIEWER_MSG.somethingWrong,
    },
  },
  [`${prefix}DepartmentId`]: {
    'ui:widget': 'remoteSelect',
    'ui:options': {
      endpoint: endpoint(companyCalls.departments),
      labelField: 'name',
      valueField: 'old_department_id',
      placeholder: 'Department (optional)',
      queryFrom: { cId: `${prefix}CompanyId`, bId: `${prefix}BranchId` },
      fetchError: VIEWER_MSG.somethingWrong,
    },
  },
});

/** The entities the blocks name (a block without a company is left out), as argusconfig's param lists them. */
const entitiesOf = (values: ToolValues) =>
  PARTIES.flatMap(([prefix, companyType]) => {
    const companyId = text(values[`${prefix}CompanyId`]);
    if (!companyId) return [];
    return [
      {
        companyId,
        companyType,
        branchId: text(values[`${prefix}BranchId`]) || null,
        departmentId: text(values[`${prefix}DepartmentId`]) || null,
      },
    ];
  });

/**
 * /alert-configuration (spec 002 sections 2.7, 5, 7, 8): a Consignor and a Transporter block (Company, Branch,
 * Department), the Alert select mirrored as `alertKey=`, GET Config (argusconfig, then ft_to_lego_config with the
 * alerts narrowed to the key unless all) and the result box with Copy Config JSON.
 */
export const alertConfiguration: ToolConfig = {
  ...registered.alertConfiguration,
  schema: {
    type: 'object',
    properties: {
      ...Object.fromEntries(
        PARTIES.flatMap(([prefix]) => [
          [`${prefix}CompanyId`, idInput('Company')],
          [`${prefix}BranchId`, idInput('Branch')],
          [`${prefix}DepartmentId`, idInput('Department')],
        ]),
      ),
      alertKey: { type: 'string', title: 'Alert', enum: [...ALERT_KEYS], default: 'all' },
    },
  },
  uiSchema: Object.assign({}, ...PARTIES.map(([prefix, companyType]) => partyUi(prefix, companyType))),
  groups: PARTIES.map(([prefix, , title]) => ({
    title,
    fields: [`${prefix}CompanyId`, `${prefix}BranchId`, `${prefix}DepartmentId`],
    reset: 'Reset Filter',
  })),
  columns: 3,
  initial: () => ({ alertKey: 'all' }),
  mirror: { alertKey: 'alertKey' },
  actions: [
    {
      label: 'GET Config',
      primary: true,
      endpoint: endpoint(viewerCalls.ftToLegoConfig),
      input: async (values) => {
        const entities = entitiesOf(values);
        if (entities.length === 0) throw new ToolRefusal(VIEWER_MSG.mandatory);
        const read = await callEndpoint(
          endpoint(viewerCalls.argusConfig),
          { query: { param: JSON.stringify(entities) } },
          { quiet: true },
        );
        if (!read.ok || !Array.isArray(read.data)) throw new ToolRefusal(read.messages[0] ?? VIEWER_MSG.somethingWrong);
        const key = String(values.alertKey ?? 'all');
        const data =
          key === 'all'
            ? read.data
            : read.data.map((entity) => ({
                ...entity,
                alerts: entity.alerts.filter((alert) => alert.featureKey === key),
              }));
        return { body: { data } };
      },
      done: ({ result }) => ({ show: { success: true, data: result.data } }),
      failed: firstMessage,
    },
  ],
  result: { ...COPY, empty: 'Choose a consignor or a transporter company, then GET Config' },
};

/** The scope's entity id (GET /v1/company/get-fteid with c, b, d): refused with the server's message when it cannot be read. */
async function fteidOf(scope: Scope): Promise<string> {
  const answer = await callEndpoint(endpoint(companyCalls.fteid), { scope }, { quiet: true });
  const fteid = answer.ok ? answer.data?.fteid : undefined;
  if (!fteid) throw new ToolRefusal(answer.messages[0] ?? VIEWER_MSG.somethingWrong);
  return fteid;
}

/**
 * /configurations (spec 002 sections 2.7, 3, 5, 7): the Config Key autocomplete with the keys of section 3, GET Config
 * (disabled without a company) reading the scope's entity id and then its config; shows the Entity ID and the Config JSON.
 */
export const configurations: ToolConfig = {
  ...registered.configurations,
  schema: {
    type: 'object',
    properties: {
      configKey: {
        type: 'string',
        title: 'Config Key',
        minLength: 1,
        maxLength: 100,
        pattern: '^[A-Za-z0-9_.-]+$',
        errorMessage: {
          minLength: VIEWER_MSG.configKeyRequired,
          maxLength: VIEWER_MSG.badConfigKey,
          pattern: VIEWER_MSG.badConfigKey,
        },
      },
    },
    required: ['configKey'],
    errorMessage: { required: { configKey: VIEWER_MSG.configKeyRequired } },
  },
  uiSchema: {
    configKey: {
      'ui:widget': 'autocomplete',
      'ui:options': { suggestions: [...CONFIG_KEYS], placeholder: 'e.g. trip.geofence' },
    },
  },
  columns: 2,
  actions: [
    toolAction({
      label: 'GET Config',
      primary: true,
      endpoint: endpoint(viewerCalls.entityConfig),
      disabled: (_values, { scope }) => !scope.companyId,
      input: async (values, { scope }) => ({
        scope,
        params: { fteid: await fteidOf(scope), configKey: text(values.configKey) },
      }),
      done: ({ result }) => ({ caption: `Entity ID: ${result.data?.entityId}`, show: result.data?.config }),
      failed: firstMessage,
    }),
  ],
  result: { ...COPY, empty: 'Choose a company and a config key, then GET Config' },
};

/**
 * /entity-detail (spec 002 sections 2.7, 3, 4, 7, 9): GET Entity shows the scope's entity id and its company (or
 * branch, for a BRH id); Partner Type (required) and GET Partners show a page of 20 partners with a pager without size
 * changer. The result panel is hidden until one of them succeeds.
 */
export const entityDetail: ToolConfig = {
  ...registered.entityDetail,
  requiresCompany: true,
  schema: {
    type: 'object',
    properties: {
      partnerType: { type: 'string', title: 'Partner Type', enum: [...PARTNER_CODES] },
    },
    required: ['partnerType'],
    errorMessage: { required: { partnerType: VIEWER_MSG.partnerTypeRequired } },
  },
  uiSchema: {
    partnerType: { 'ui:enumNames': Object.keys(PARTNER_TYPES), 'ui:placeholder': 'Select partner type' },
  },
  columns: 3,
  actions: [
    toolAction({
      label: 'GET Entity',
      primary: true,
      validate: false,
      endpoint: (_values, input) =>
        endpoint(String(input.params?.fteid ?? '').startsWith('BRH') ? viewerCalls.branch : viewerCalls.company),
      input: async (_values, { scope }) => ({ scope, params: { fteid: await fteidOf(scope) } }),
      done: ({ result }) => ({ caption: `Entity ID: ${textAt(result.data, 'fteid')}`, show: result.data }),
      failed: firstMessage,
    }),
    toolAction({
      label: 'GET Partners',
      paged: { size: PARTNER_PAGE_SIZE },
      endpoint: endpoint(viewerCalls.partners),
      input: (values, { scope }, page) => ({
        query: {
          filter: JSON.stringify({ c: scope.companyId, partner_type: values.partnerType }),
          page,
          size: PARTNER_PAGE_SIZE,
        },
      }),
      done: ({ result, meta, values }) => {
        const total = meta.pagination?.total ?? 0;
        const name =
          Object.entries(PARTNER_TYPES).find(([, code]) => code === values.partnerType)?.[0] ??
          String(values.partnerType);
        return { caption: `${name} partners: ${total}`, show: result.data ?? [], total };
      },
      failed: firstMessage,
    }),
  ],
  result: { ...COPY, hiddenUntilShown: true },
};
