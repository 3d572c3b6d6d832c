import type { FromSchema } from 'json-schema-to-ts';
import { MSG, badId, idField } from './messages';
import type { CompareSection } from './audited';
import { labelInWords, type Resource, type ResourceField } from './resource';
import { ALL_RESOURCES, type RESOURCES } from './resources';

/** A declared resource that is compared and copied (schemas/resource.ts `compare`). */
type ComparedResource = Extract<(typeof RESOURCES)[number], { compare: true }>;

/** `make` of each compared resource, by its name (its area's). */
export function perComparedResource<T>(make: (resource: Resource) => T): Record<ComparedResource['name'], T> {
  return Object.fromEntries(
    ALL_RESOURCES.filter((resource) => resource.compare).map((resource) => [resource.name, make(resource)]),
  ) as Record<ComparedResource['name'], T>;
}

/** A natural key's field as text over the row `t` (a date as `YYYY-MM-DD`, the same in every company). */
const keyPartSql = (field: ResourceField) =>
  field.sql === 'date' ? `to_char(t.${field.column}, 'YYYY-MM-DD')` : `t.${field.column}::text`;

/**
 * A compared resource's compare section: its area under its title, matched by its compare key or else its natural key
 * (none: the company's one item; where the resource reaches departments, the rows of none), a row created in the target
 * given an id of the resource's prefix (or, numbered by the database, the target's next number).
 */
export function compareSectionOf(resource: Resource): CompareSection {
  const key = (resource.compareKey ?? resource.naturalKey).map((name) => resource.fields[name]);
  const { compareBy } = resource;
  // A resource kept once per company (an empty natural key) is one item, matched by its area's name.
  return {
    name: resource.name,
    title: resource.title,
    keyWords:
      compareBy?.keyWords ?? (key.length > 0 ? key.map((field) => labelInWords(field.label)).join(' and ') : 'company'),
    key: compareBy?.key ?? (key.length > 0 ? key.map(keyPartSql).join(" || ' · ' || ") : `'${resource.name}'`),
    ...(compareBy?.label !== undefined && { label: compareBy.label }),
    ...(resource.reach === 'department' && { departments: true }),
    ...(resource.compareOwn && { own: resource.compareOwn }),
    idPrefix: resource.idPrefix,
  };
}

/** An area's heading and its natural key, in words. */
const inWords = (area: CompareSection) => ({ label: area.title, key: area.keyWords });

/**
 * Compare, copy and revert (ours; the specs have none, API.md "Compare, copy and revert"): the areas of a company's
 * configuration that two scopes are compared in and copied between, in the order the screen shows them (the audited
 * tables' areas, then the compared resources'), each with its natural key in words.
 */
export const CONFIG_AREAS = perComparedResource((resource) => inWords(compareSectionOf(resource)));

/** An area of the configuration (a key of {@link CONFIG_AREAS}). */
export type ConfigArea = keyof typeof CONFIG_AREAS;
export const CONFIG_AREA_KEYS = Object.keys(CONFIG_AREAS) as ConfigArea[];

/** How an item compares: only on the left, only on the right, on both but different, or the same. */
export const COMPARE_STATES = ['left', 'right', 'different', 'same'] as const;
export type CompareState = (typeof COMPARE_STATES)[number];

/** What a copy does to an item in the target: creates it, overwrites it, leaves it (already the same), or cannot. */
export const COPY_ACTIONS = ['create', 'overwrite', 'skip', 'refuse'] as const;
export type CopyAction = (typeof COPY_ACTIONS)[number];

/** Texts of compare, copy and revert. */
export const COPY_MSG = {
  sameScope: 'Choose two different scopes to compare',
  targetCompany: 'Please select the company to compare with',
  area: `Area must be one of ${Object.keys(CONFIG_AREAS).join(', ')}`,
  key: 'Key must be text of at most 300 characters',
  items: 'Choose between 1 and 1000 items to copy',
  token: 'Preview token must be the text the preview answered',
  stale: 'The configuration changed since the preview: preview the copy again',
  nothing: 'Nothing to copy: every chosen item is the same or cannot be copied',
  notFoundItem: 'Not in the source any more',
  revertStale: 'The record changed since the preview: look at the revert again',
  revertNothing: 'This entry has nothing to revert',
  alreadyApplied: 'This preview was already applied',
  revertGone: 'is no longer kept in the configuration: it cannot be reverted',
} as const;

/** An item's key as the compare answered it. */
const itemKey = { type: 'string', minLength: 1, maxLength: 300, errorMessage: COPY_MSG.key } as const;
const area = { type: 'string', enum: CONFIG_AREA_KEYS, errorMessage: COPY_MSG.area } as const;

/**
 * GET compare: the left scope (c, b) and the right one (rc, rb): a company and optionally a branch each. Not both the
 * same scope.
 */
export const compareQuerySchema = {
  type: 'object',
  properties: {
    c: { type: 'string', minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    b: idField('Branch (b)'),
    rc: { type: 'string', minLength: 1, maxLength: 64, errorMessage: COPY_MSG.targetCompany },
    rb: idField('Branch (rb)'),
  },
  required: ['c', 'rc'],
  errorMessage: { required: { c: MSG.selectCompany, rc: COPY_MSG.targetCompany } },
} as const;
export type CompareQuery = FromSchema<typeof compareQuerySchema>;

/**
 * POST copy preview and apply: the source scope (c, b) and the target (tc, tb), the items to copy (an area and a key
 * the comparison answered; a key left out: the whole area) and, to apply, the token the preview answered.
 */
export const copyBodySchema = {
  type: 'object',
  properties: {
    c: { type: 'string', minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    b: { type: ['string', 'null'], maxLength: 64, errorMessage: badId('Branch (b)') },
    tc: { type: 'string', minLength: 1, maxLength: 64, errorMessage: COPY_MSG.targetCompany },
    tb: { type: ['string', 'null'], maxLength: 64, errorMessage: badId('Branch (tb)') },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 1000,
      items: {
        type: 'object',
        properties: { area, key: itemKey },
        required: ['area'],
        additionalProperties: false,
        errorMessage: { required: { area: COPY_MSG.area } },
      },
      errorMessage: COPY_MSG.items,
    },
    token: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[0-9a-f]+$', errorMessage: COPY_MSG.token },
  },
  required: ['c', 'tc', 'items'],
  additionalProperties: false,
  errorMessage: {
    required: { c: MSG.selectCompany, tc: COPY_MSG.targetCompany, items: COPY_MSG.items },
    additionalProperties: 'Unknown field in the copy request',
  },
} as const;
export type CopyBody = FromSchema<typeof copyBodySchema>;

/** POST revert: the audit entry or the change set to revert (one of them), and, to apply, the preview's token. */
export const revertBodySchema = {
  type: 'object',
  properties: {
    c: { type: 'string', minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    b: idField('Branch (b)'),
    entry: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, errorMessage: 'Entry must be an entry id' },
    changeSet: idField('Change set'),
    token: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[0-9a-f]+$', errorMessage: COPY_MSG.token },
  },
  required: ['c'],
  additionalProperties: false,
  errorMessage: {
    required: { c: MSG.selectCompany },
    additionalProperties: 'Unknown field in the revert request',
  },
} as const;
export type RevertBody = FromSchema<typeof revertBodySchema>;
