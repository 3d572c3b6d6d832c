import { AP_MSG, AP_PAGE_SIZE, AP_PAGE_SIZE_MAX, apType, cbdtId, partnerCbdtId } from '../ap-config';
import { defineResource } from '../resource';

/** A value of 16,000 characters with its ids fits many times over; larger bodies get 413. */
const AP_BODY_LIMIT = 64 * 1024;

/**
 * AP (account-payable) configs (spec 002 sections 2.6, 3, 5, 7, 8 and 9): per company, a JSON value of one type for
 * the company's CBDT id (its own numeric id) and, optionally, one partner's (0 when none). The AP service's own calls
 * (`/saas/v1/ap/config…`, a zero-based page answered as `{total, data}`, whole-number ids, snake_case fields) are built
 * from this; the server's rules check that the CBDT id is the company in scope and the partner one of its partners
 * (server/rules/resource-rules.ts). Its screens are derived in screens/ap-config.ts with the spec's words.
 */
export const apConfigs = defineResource({
  name: 'apConfig',
  objectType: 'ap_config',
  table: 'ap_configs',
  noun: 'AP config',
  plural: 'AP configs',
  title: 'AP Configuration',
  path: '/saas/v1/ap/config',
  screen: '/ap-configuration',
  reach: 'company',
  stamps: 'timestamps',
  api: {
    prefix: 'ap',
    service: 'ap',
    paths: { list: 'fetch/all' },
    numbered: {
      page: 'page_number',
      size: 'page_size',
      first: 0,
      defaultSize: AP_PAGE_SIZE,
      maxSize: AP_PAGE_SIZE_MAX,
      messages: { page: AP_MSG.pageNumber, size: AP_MSG.pageSize, search: AP_MSG.search },
    },
    ruleMessages: [AP_MSG.cbdtNotCompany, AP_MSG.partnerUnknown, AP_MSG.valueTooLarge],
    refers: {
      'body.cbdt_id': 'the CBDT id of an AP config: the company in scope itself (400 otherwise), ap-config.test.ts',
      'body.partner_cbdt_id':
        'the partner of an AP config: 0 or a partner company of the company in scope (company_partners has no branch), ap-config.test.ts',
    },
    bodyLimit: AP_BODY_LIMIT,
  },
  fields: {
    cbdt_id: {
      column: 'cbdt_id',
      label: 'CBDT ID',
      sql: 'integer',
      required: true,
      requiredMessage: AP_MSG.cbdtRequired,
      search: true,
      schema: cbdtId,
    },
    partner_cbdt_id: {
      column: 'partner_cbdt_id',
      label: 'Partner CBDT ID',
      sql: 'integer',
      default: 0,
      search: true,
      schema: { ...partnerCbdtId, type: ['integer', 'null'] },
    },
    type: {
      column: 'type',
      label: 'Type',
      sql: 'text',
      required: true,
      requiredMessage: AP_MSG.typeRequired,
      search: true,
      schema: apType,
    },
    value: {
      column: 'value',
      label: 'Value',
      sql: 'json',
      required: true,
      requiredMessage: AP_MSG.jsonRequired,
      search: true,
      kind: 'json',
      schema: { type: 'object', maxProperties: 1000, errorMessage: AP_MSG.valueObject },
    },
  },
  naturalKey: ['cbdt_id', 'partner_cbdt_id', 'type'],
  taken: AP_MSG.exists,
  label: ['type', 'partner_cbdt_id'],
  order: { field: 'id', desc: true },
  compare: true,
  compareKey: ['type', 'partner_cbdt_id'],
  export: true,
  screenFile: true,
  menu: { label: 'AP Configuration', group: 'Settings', icon: 'rupee', order: 1 },
  // Hindustan Unilever's (1002, its CBDT id): one of each type, the exception charges for its transporter partner
  // VRL (2001). Tata Steel (1001) has none, so its list starts empty.
  seed: [
    {
      company: '1002',
      values: {
        cbdt_id: 1002,
        partner_cbdt_id: 0,
        type: 'DESK',
        value: { desk: 'ap-west', approvers: ['finance.west@hul.example'], autoApproveBelow: 5000 },
      },
    },
    {
      company: '1002',
      values: {
        cbdt_id: 1002,
        partner_cbdt_id: 0,
        type: 'SETTINGS',
        value: { invoiceCycle: 'MONTHLY', gstInclusive: true, paymentTermsDays: 45 },
      },
    },
    {
      company: '1002',
      values: {
        cbdt_id: 1002,
        partner_cbdt_id: 2001,
        type: 'EXCEPTION_CHARGES',
        value: { detention: { freeHours: 6, perHour: 300 }, loadingDelay: { perHour: 150 }, currency: 'INR' },
      },
    },
  ],
});
