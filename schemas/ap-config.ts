import type { FromSchema } from 'json-schema-to-ts';

/**
 * AP (account-payable) configuration (spec 002 sections 2.6, 3, 5, 8 and 9): per company, a JSON value of one type
 * for the company's CBDT id (its own numeric company id) and, optionally, one partner's (0 when none).
 */

/** The AP config types (spec 002 section 9). */
export const AP_TYPES = ['DESK', 'SETTINGS', 'EXCEPTION_CHARGES'] as const;
export type ApType = (typeof AP_TYPES)[number];

/** Largest CBDT id (and AP config id): a PostgreSQL integer. */
export const AP_ID_MAX = 2_147_483_647;
/** Longest value, in characters of its JSON text (what the form's editor holds and the server stores). */
export const AP_VALUE_MAX = 16_000;
/** Rows a page of the list (spec 002 section 9) and the most a page may ask for. */
export const AP_PAGE_SIZE = 10;
export const AP_PAGE_SIZE_MAX = 100;
/** How long a refusal's first message stays on screen (spec 002 section 9), in seconds. */
export const AP_NOTICE_SECONDS = 10;

/** Texts of spec 002 sections 2.6, 5 and 8, spelled exactly as the spec does, and the server's own refusals. */
export const AP_MSG = {
  search: 'The search must be at most 100 characters',
  cbdtRequired: 'Please enter the CBDT ID',
  partnerRequired: 'Please enter the partner CBDT ID',
  typeRequired: 'Please select the type',
  jsonRequired: 'Please enter the JSON',
  invalidJson: 'Invalid JSON',
  created: 'Config created Successfully',
  updated: 'Config updated Successfully',
  generic: 'Something went wrong. Please try again',
  confirmDelete: 'Are you sure want to delete?',
  // Not in the spec: the delete's success, and the server's refusals.
  deleted: 'Config deleted Successfully',
  cbdtNumber: `CBDT ID must be a whole number from 1 to ${AP_ID_MAX}`,
  partnerNumber: `Partner CBDT ID must be a whole number from 0 to ${AP_ID_MAX}`,
  cbdtNotCompany: 'CBDT ID must be the id of the company in scope',
  partnerUnknown: 'Partner CBDT ID must be 0 or the id of a partner company of the company in scope',
  valueTooLarge: `The JSON may hold at most ${AP_VALUE_MAX} characters`,
  valueObject: 'Invalid JSON: the value must be a JSON object',
  exists: 'An AP config of this type already exists for this CBDT ID and partner, edit it instead',
  pageSize: `page_size must be a whole number from 1 to ${AP_PAGE_SIZE_MAX}`,
  pageNumber: 'page_number must be a whole number from 0 (the first page) to 100000',
  id: 'The AP config id must be a whole number',
} as const;

/** The rules of the ids and the type, the body's (schemas/resources/ap-configs.ts) and the form's. */
export const cbdtId = { type: 'integer', minimum: 1, maximum: AP_ID_MAX, errorMessage: AP_MSG.cbdtNumber } as const;
export const partnerCbdtId = {
  type: 'integer',
  minimum: 0,
  maximum: AP_ID_MAX,
  errorMessage: AP_MSG.partnerNumber,
} as const;
export const apType = { type: 'string', enum: AP_TYPES, errorMessage: AP_MSG.typeRequired } as const;

/**
 * The create and edit form: the ids as numbers, the type, and the value as JSON text that must parse to an object
 * (format `json-object`, schemas/formats.ts: 'Invalid JSON' for anything else, not only a brace pattern).
 */
export const apConfigFormSchema = {
  type: 'object',
  properties: {
    cbdt_id: { ...cbdtId, title: 'CBDT ID' },
    partner_cbdt_id: { ...partnerCbdtId, title: 'Partner CBDT ID' },
    type: { ...apType, title: 'Type' },
    value: {
      type: 'string',
      title: 'JSON',
      minLength: 1,
      maxLength: AP_VALUE_MAX,
      format: 'json-object',
      errorMessage: {
        type: AP_MSG.jsonRequired,
        minLength: AP_MSG.jsonRequired,
        maxLength: AP_MSG.valueTooLarge,
        format: AP_MSG.invalidJson,
      },
    },
  },
  required: ['cbdt_id', 'partner_cbdt_id', 'type', 'value'],
  errorMessage: {
    required: {
      cbdt_id: AP_MSG.cbdtRequired,
      partner_cbdt_id: AP_MSG.partnerRequired,
      type: AP_MSG.typeRequired,
      value: AP_MSG.jsonRequired,
    },
  },
} as const;

export type ApConfigForm = FromSchema<typeof apConfigFormSchema>;

/** An AP config as the API answers it (schemas/api/ap.ts). */
export type { ApConfig } from './api/ap';
