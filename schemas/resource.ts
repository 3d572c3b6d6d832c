import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { ServiceName } from './api/services';
import type { Owned } from './api/contract';
import type { ColumnKind } from './column-kinds';
import type { AuditRef } from './audited/declaration';
import { BODY_OBJECT, MSG, badId, idOrNumberField } from './messages';

/**
 * One declaration per stored aggregate (issue 35, DESIGN.md): a resource says once where its rows are kept, whose
 * they are, what its fields are (their columns, words, formats and rules), what makes a record unique, and which
 * generic features it takes part in. Everything else is derived from it: the body and answer schemas, the calls and
 * their OpenAPI description (schemas/api/resource-calls.ts), the SQL (server/repos/resource-table.ts), the routes
 * (server/routes/resources.ts), the audit trigger and the Audit Log's words (schemas/audited.ts), Compare and Copy
 * (server/repos/config-areas.ts), the export, the demo seed and the console's list and form (screens/resources.ts).
 */

/**
 * How a field is stored: its SQL type (a `date` is read and written as `YYYY-MM-DD` text, a `bigint` is a whole number
 * beyond 32 bits such as epoch milliseconds, a `json` field is a `jsonb` object, an `image` its bytes with its type and
 * file name, see {@link ImageColumns}).
 */
export type FieldSql = 'text' | 'boolean' | 'integer' | 'bigint' | 'numeric' | 'date' | 'json' | 'image';

/**
 * Where an image field keeps its type and file name beside its bytes (`column`), and the answer's field of its address:
 * a body sends `{name, type, data}` (base64), checked to be an image of that type (server/rules/image-upload.ts);
 * the calls answer the address of a public call that serves it (null without one), never its bytes.
 */
export interface ImageColumns {
  typeColumn: string;
  nameColumn: string;
  /** The answer's field of its address (`logoUrl`). */
  answer: string;
}

/** One field of a resource. */
export interface ResourceField {
  /** Its column in the table. */
  column: string;
  /** Its name in words: the list's column title, the form's label, the Audit Log's and Compare's word for it. */
  label: string;
  sql: FieldSql;
  /** The rules a body's value is checked by (with their messages in `errorMessage`; every text with a maxLength). */
  schema: JSONSchema;
  /** A body must send it. */
  required?: boolean;
  /**
   * It names whom the record is kept for beside its company (a TRANSPORTER's consignor partner): part of the record's
   * scope, so a unique index that holds it names the other fields as the value taken, never this one.
   */
  owner?: true;
  /**
   * The audit log keeps only an md5 digest of it, never its value (a secret); an image field is kept so without saying.
   */
  digest?: true;
  /** The refusal of a body without it (default: "Label is required"). */
  requiredMessage?: string;
  /** What is stored when a body leaves it out or sends null (the column is NOT NULL). */
  default?: string | number | boolean;
  /** How the list and an export show it (default: text). */
  kind?: ColumnKind;
  /** The search box looks in it. */
  search?: boolean;
  /** The list can be sorted by it. */
  sort?: boolean;
  /** The form's widget when not the schema's own (an rjsf widget name). */
  widget?: string;
  /** The form's help under the field. */
  help?: string;
  /** An image field's other columns and answer (`sql: 'image'`). */
  image?: ImageColumns;
  /** Its name in an answer, where not the body's (a spec that sends `extracontext` and answers `extraContext`). */
  answerAs?: string;
  /** Its answer's schema, where not the one its `sql` gives (a JSON field's keys). */
  answer?: JSONSchema;
  /**
   * A JSON field whose keys are the record's own in an answer (an auto closure rule's fields of its type, beside its
   * id): its `answer` schema's properties are the answer's, and it is not answered under its own name.
   */
  spread?: true;
  /**
   * The answer carries it inside an object of this name, with the other fields of that name (a consignee's own place,
   * kept in the consignee's row: `place.cpCode`).
   */
  within?: string;
  /** A JSON field answered as its JSON text, as a spec's server answers it (a setting's `extraContext`). */
  asText?: true;
  /**
   * SQL over the row that reads it, where not its column (a report's definition with its schedule's job uuid put
   * back); it is still written to its column as sent.
   */
  read?: string;
}

/** A value the answer carries beside the fields, computed by SQL over the record's row (its name in words). */
export interface ComputedAnswer {
  sql: string;
  answer: JSONSchema;
}

/** Whose a row is: a company's, or a company's and possibly one branch's (and department's). */
export type ResourceReach = 'company' | 'branch' | 'department';

/** A row of the demo seed: its id, company (and branch), and its fields' values. */
export interface SeedRow {
  /** Its id (none where the database numbers the resource's records). */
  id?: string;
  company: string;
  branch?: string;
  /** Its department (a resource that reaches one). */
  department?: string;
  values: Readonly<Record<string, unknown>>;
}

/** Where the console lists the resource (the group and icon are names the shell's registries check). */
export interface ResourceMenu {
  label: string;
  group: string;
  icon?: string;
  order: number;
}

/**
 * A list paged by number in the spec's words (spec 002's AP list: `page_number` from 0 and `page_size`), answered as
 * `{total, data}` in the envelope's data, newest first, with no sort: where a spec gives the call its shape.
 */
export interface NumberedPaging {
  page: string;
  size: string;
  first: 0 | 1;
  /** Rows a page when the call names none, and the most it may ask for. */
  defaultSize: number;
  maxSize: number;
  /** The refusals of a page, a size and a search out of bounds. */
  messages: { page: string; size: string; search: string };
}

/**
 * How a resource's calls are shaped where a spec gives them their shape (default: the main API, `path` and
 * `path/:id`, keyset paging with meta): the calls' ids, their service, the list's own path, its paging, and what the
 * server's rules for the resource (server/rules/resource-rules.ts) check beyond the body's schema.
 */
export interface ResourceApi {
  /** The prefix of the calls' ids (`ap` makes `ap.list`; default: the resource's name). */
  prefix?: string;
  service?: ServiceName;
  /** The calls it has, where not all five (a spec's catalogue is listed, added to and deleted from, no more). */
  calls?: readonly CallKind[];
  /** A call's id after the prefix, where not its kind's (`fetch` makes `materials.fetch`; default: list, get, …). */
  ids?: Readonly<Partial<Record<CallKind, string>>>;
  /**
   * A call's own path, where not `path` (list, create) or `path/:id` (the others): under `path` unless it starts with
   * a slash (`fetch/all` is `path/fetch/all`).
   */
  paths?: Readonly<Partial<Record<CallKind, string>>>;
  numbered?: NumberedPaging;
  /** The list answers every record of the scope in its order, unpaged (a spec's catalogue of a few dozen entries). */
  unpaged?: true;
  /** A create answers the new record's id alone, under this name (`{materialId}`), not the record. */
  createAnswer?: string;
  /** The record a call names by id is named by `?id=` in the query, not in the path (a spec's `…/delete?id=`). */
  idInQuery?: true;
  /** The update is a PATCH of the fields a body sends (none required), not a PUT of them all. */
  patch?: true;
  /** The refusals the rules may answer (400), and the body's ids they check and why (each a contract's `refers`). */
  ruleMessages?: readonly string[];
  refers?: Readonly<Record<`body.${string}`, string>>;
  /** The largest body accepted, in bytes (413 above it). */
  bodyLimit?: number;
  /** The `toggle` call: what it flips, and how (see {@link ResourceToggle}). */
  toggle?: ResourceToggle;
  /** The `save` call's answers in words (see {@link ResourceSave}). */
  save?: ResourceSave;
  /** The answer repeats the record's id under this name too (a spec's `customerConfigId`). */
  idAlso?: string;
  /**
   * The list's query may name one record by its id (`?cpId=`, the id's name): it answers a list of that one, with its
   * ETag, as a spec's fetch does.
   */
  byIdInList?: true;
  /** The list answers every record of the scope unless its query asks for a page (a search, page, size, sort or cursor). */
  allUnlessPaged?: true;
  /** The update is a POST naming its record in the body by the id's name (`{cpId, …}`), at `path/update`. */
  updateInBody?: true;
  /**
   * The sorts the list takes, where not its sortable fields and `updatedAt`: among them the id's name (`cpId`) and
   * `updatedBy` (who saved it), beside sortable fields.
   */
  sorts?: readonly string[];
  /**
   * The search reads the text the table keeps of these columns (`search_text`, made by its trigger, through a trigram
   * index), not each field's column one by one: a big company's search stays an index read.
   */
  searchText?: readonly string[];
  /** The answer does not name the record's branch, which a spec's answer leaves out (a route's). */
  branchUnanswered?: true;
  /** The answer names the record's company (`companyId`). */
  companyInAnswer?: true;
  /** The refusal of a call that names no record where it must (default "Not found"). */
  idMessage?: string;
  /**
   * Writes a proposal may make (issue 39) that no call of the resource makes one record at a time: an `update` of the
   * fields it sends (checked by {@link patchSchemaOf}), a `create` of a record (by {@link bodySchemaOf}); e.g. an
   * alert's settings, which the console changes through a row's 'Preview impact', and makes through its form or sheet.
   */
  proposes?: readonly ('create' | 'update')[];
  /**
   * The body a create, update or save takes where the spec's is not the fields' (a type's fields beside its name):
   * the server's rule for the resource makes the fields of it.
   */
  body?: JSONSchema;
  /**
   * Query fields every call of the main API must send beside the scope, by name and with their rules (the consignee
   * calls' `pt=CONSIGNEE`): a call without one is refused in the rule's words.
   */
  queryNeeds?: Readonly<Record<string, JSONSchema & { errorMessage: string }>>;
  /**
   * Query fields the data family's calls take beside the scope, by name: what a spec's client sends with them, checked
   * by these rules (`active=0|1` on the dashboard calls), not read.
   */
  query?: Readonly<Record<string, JSONSchema>>;
  /** Values the answer carries beside the fields, by name. */
  computed?: Readonly<Record<string, ComputedAnswer>>;
  /**
   * The data family's fetch by id answers the record as `result` itself (its fields beside `status` and `message`,
   * no `data`), as a spec's `getDashboardbyId` does.
   */
  byIdInResult?: true;
  /** With a branch chosen, the list shows the company-wide records too (which apply to the branch as well). */
  listWider?: true;
  /** Fields a fetch by id may name beside the id (`?featureKey=`): a record whose value differs is not found. */
  byIdFilters?: readonly string[];
  /**
   * Fields the list may name in its query (`?enabled=1`, each in `query`): it lists only the records of the value
   * named.
   */
  listFilters?: readonly string[];
  /**
   * The record is a child of the record this field names (a freight rate of its route): a create takes it from its
   * query under the field's name (refused with `message` without one), not from its body, and it is checked within the
   * scope's reach as its `refs` kind says. With `list`, its list is one parent's too: the parent named in the list's
   * query the same way, and only its records listed (a route's waypoints).
   */
  parent?: { field: string; message: string; list?: true };
  /** Body fields naming records of other tables (by their `refs` kind), each checked within the scope's reach. */
  owns?: readonly string[];
  /** How a setting's `put` treats some values of its natural key (see {@link ResourceSetting}). */
  setting?: ResourceSetting;
  /** The list's query where a spec gives it (the scope and what it must name: a report list's entity and type). */
  listQuery?: JSONSchema;
  /**
   * Where a create's body may name the record's branch (a report definition's `branch_id`): made with the whole company
   * chosen, the record is that branch's (the rule checks that it is one of the company's); with a branch chosen, the
   * rule checks that the body names that one.
   */
  branchIn?: readonly string[];
  /** The body of an update where it is not the create's (a report's definition or active flag, either or both). */
  updateBody?: JSONSchema;
  /**
   * Records of other tables the calls name beside their own, by call kind: each checked within the scope's reach before
   * the call runs (404 otherwise), as `owns` says (a report list's and create's entity, the company's own).
   */
  names?: Readonly<Partial<Record<CallKind, readonly Owned[]>>>;
}

/**
 * A setting (call kinds `read` and `put`): a record kept once per scope and natural key, never named by an id. `read`
 * answers the list of at most one record the scope has exactly (its company, branch and department as sent); `put`
 * saves the scope's record from a body that names the scope (made, or else changed in place). The natural key's fields
 * are named in the calls' paths (`:feature/get`), and the scope is named `companyId`, `branchId`, `departmentId` (the
 * settings service's).
 */
export interface ResourceSetting {
  /**
   * A value of the natural key (`tripAlerts`) whose fields take rules of their own, checked after the call's (their
   * messages in their `errorMessage`), and whose save keeps the keys of a stored JSON field the body does not send
   * (`merge`).
   */
  byKey?: Readonly<Record<string, { fields: Readonly<Record<string, JSONSchema>>; merge?: true }>>;
}

/**
 * A call that flips a boolean field of a record named by an id in the body (a spec's `toggleUIConfig` with
 * `customerConfigId`), answering the record with the words of its new state.
 */
export interface ResourceToggle {
  /** The boolean field it flips. */
  field: string;
  /** The body's name of the record's id (refused without one in the words of `api.idMessage`). */
  id: string;
  /** The answer's words once the field is true, and once false. */
  on: string;
  off: string;
  /** It answers the record's id and the flipped field alone, not the record. */
  stateOnly?: true;
  /** Fields its body takes beside the id (a spec's access key), by name: checked by these rules, not read. */
  more?: Readonly<Record<string, JSONSchema>>;
}

/**
 * A create-or-update in one call (a spec's `updateUIConfig`): a body with an `id` changes that record (If-Match
 * honoured), one without adds a record to the scope the body names (`companyId`, `branchId`); each answers the record
 * with its words (`{companyId}` in them is the company's id).
 */
export interface ResourceSave {
  created: string;
  updated: string;
  /**
   * A body edits a record when its `flag` is true (with `creates`, unless it is: `{isCreate: false}`), the record its
   * field `id` names (`{edit: true, customerConfigId}`); otherwise (default) when it sends an `id`.
   */
  edit?: { flag: string; id: string; creates?: true };
  /**
   * It answers the record's id and the company it is kept for, as a list under this name (`companyIds`), in the data
   * or (`inResult`) beside it, in the envelope's `result`.
   */
  companiesAs?: string;
  companiesInResult?: true;
  /**
   * A body naming no record, of a natural key the scope already has a record of, changes that record (in place, as a
   * setting's save does) rather than being refused: a spec's "set the menu of a role" (`updateSideMenuList`).
   */
  upsert?: true;
}

/**
 * Who saved a record and when: `epoch` (ours) keeps `updated_by` and `updated_at` in epoch milliseconds and answers
 * them as `updatedBy` and `updatedAt`; `timestamps` (a spec's record) keeps `created_by`, `updated_by`, `created_at`
 * and `updated_at` as timestamps and answers none of them.
 */
export type ResourceStamps = 'epoch' | 'timestamps';

/**
 * The kinds of call a resource may have, each built by its builder (schemas/api/resource-calls.ts): a declaration
 * without `api.calls` has the first five; `read` and `put` are a setting's (see {@link ResourceSetting}).
 */
export const CALL_KINDS = ['list', 'byId', 'create', 'update', 'remove', 'toggle', 'save', 'read', 'put'] as const;
export type CallKind = (typeof CALL_KINDS)[number];
/** The calls a resource has when its declaration names none. */
export const DEFAULT_CALL_KINDS = ['list', 'byId', 'create', 'update', 'remove'] as const satisfies readonly CallKind[];
export type DefaultCallKind = (typeof DEFAULT_CALL_KINDS)[number];

/**
 * A field that names an entry of a platform-wide master list (spec 000's standard vehicles and master materials): a
 * body sends either that entry's id or a custom label, and a record picked from the list keeps the entry's label as
 * its own (server/rules/resource-rules.ts).
 */
export interface ResourceMaster {
  /** The field naming the entry (`ftMaterialId`), and the field of the label (`label`). */
  field: string;
  label: string;
  /** The master list's table, and its entry's label as SQL over its row `m`. */
  table: string;
  labelSql: string;
  /** The entry in words (the contract's `refers`: "an entry of the platform's master materials"). */
  what: string;
}

/** Records of another table that name a record: deleting one they name is refused (409) with `message`. */
export interface ResourceUse {
  table: string;
  column: string;
  message: string;
}

/** A resource's declaration: see {@link defineResource}. */
export interface Resource {
  /** The plural in code: the calls' ids (`holidays.list`), the export's and the Compare area's name. */
  name: string;
  /** The Audit Log's object type. */
  objectType: string;
  table: string;
  /** The prefix of a new record's id (`hol` makes `hol_…`); none: the database numbers it (an identity column). */
  idPrefix?: string;
  /**
   * The record's id where the spec names it otherwise than `id`: its column (`cp_id`) and its name in answers and calls
   * (`cpId`), as a known place's.
   */
  id?: { column: string; as: string };
  /**
   * The database keeps its number of rows per company and scope as rows come and go (`list_counts`): the home screen
   * reads it instead of counting a big company's every row (see `AuditedTable.keptCount`).
   */
  keptCount?: true;
  /** Who saved a record and when (default `epoch`). */
  stamps?: ResourceStamps;
  /** How its calls are shaped where a spec says (default: ours). */
  api?: ResourceApi;
  /** One record, several, and the screen's title, in words. */
  noun: string;
  plural: string;
  title: string;
  /** The calls' path (one record at `path/:id`); none: it has no calls (`api.calls: []`), others read its rows. */
  path?: string;
  /**
   * The console's path of the list (the form at `screen/add` and `screen/:id/edit`); none: it has no screen of its own
   * (reference data another screen reads, such as a company's custom fields).
   */
  screen?: string;
  /**
   * The table has no `id` column: a record is found by its company and its natural key, which the Audit Log shows as
   * its id (a company's partner links and custom fields, its ETA preferences). Its calls, if any, are a setting's
   * (`read` and `put`, see {@link ResourceSetting}), which name no id.
   */
  noIdColumn?: true;
  reach: ResourceReach;
  fields: Readonly<Record<string, ResourceField>>;
  /** The fields that make a record unique within its scope (a unique index), and match it across companies. */
  naturalKey: readonly string[];
  /**
   * The refusal of a save that would make a second record of the same natural key (409; a unique index decides). None:
   * records of the same natural key may be kept side by side (Compare matches them by it all the same).
   */
  taken?: string;
  /** The fields that name a record in words ("Diwali · 08/11/2026"), in order. */
  label: readonly string[];
  /**
   * The list's order unsorted, by a field, the id, or when a record was saved (`updatedAt`) or made (`createdAt`, with
   * `timestamps`) (default: newest saved first).
   */
  order?: {
    field: string;
    desc?: boolean;
    /**
     * Records of one value of `field` (a bulk upload's, saved together) by this field, ascending, then by the id: the
     * whole order reversed for `asc`.
     */
    then?: string;
  };
  /** Compared and copied between companies (Compare and Copy), under its title. */
  compare?: boolean;
  /**
   * Its Compare and Copy area where its fields do not say it: what matches an item across companies (SQL over the row
   * `t`) and that in words, and what names an item (a notification configuration's event and mode, and whom it is
   * for, by name; its fields hold ids of the platform's events and of users, and may be null).
   */
  compareBy?: { keyWords: string; key: string; label?: string };
  /**
   * The fields that match a record across companies, where not the natural key (an AP config's CBDT ID is its
   * company's own id: it is matched by type and partner, and copied with the target's id).
   */
  compareKey?: readonly string[];
  /**
   * Its list and form are registered by a screen file of its own (`screens/x.meta.ts` and `screens/x.ts`), derived from
   * the declaration (screens/resources.ts `resourceList`, `resourceForm`) with what its spec words otherwise.
   */
  screenFile?: true;
  /** Exported in pages by the server (CSV and Excel). */
  export?: boolean;
  /** Rows of the demo seed. */
  seed?: readonly SeedRow[];
  menu?: ResourceMenu;
  /**
   * Columns naming the company's own things (a report's entity and job), which Compare leaves out and a copy's place
   * hook gives the target's (server/repos/config-area-hooks.ts).
   */
  compareOwn?: readonly string[];
  /** A field naming an entry of a master list, whose label a record picked from it takes. */
  master?: ResourceMaster;
  /** What names its records elsewhere (a delete is refused while something does). */
  usedBy?: readonly ResourceUse[];
  /** SQL over the row `t` that names a record in words, where not its `label` fields (a name from another table). */
  labelSql?: string;
  /** Columns holding the id of something with a name, which the Audit Log shows by name (see {@link AuditRef}). */
  refs?: Readonly<Record<string, AuditRef>>;
}

/**
 * A record's on/off switch: stored on unless a body says otherwise, listed as a switch, flipped by the `toggle` call
 * (an alert's or a dashboard's `enabled`, an auto closure rule's `active`).
 */
export const switchField = <const C extends string, const L extends string>(column: C, label: L) =>
  ({ column, label, sql: 'boolean', default: true, kind: 'switch', schema: { type: 'boolean' } }) as const;

/** A resource with a screen of its own (see {@link Resource.screen}). */
export type ScreenedResource = Resource & { screen: string };

/** Whether a resource has a screen of its own: the console lists it, and counts it on the home screen. */
export const hasScreen = (resource: Resource): resource is ScreenedResource => resource.screen !== undefined;

/**
 * Whether a resource's records keep a version (their ETag, bumped by every save): those of a resource with calls; one
 * without (reference data another call or table reads) keeps none.
 */
export const isVersioned = (resource: Resource): boolean => resource.path !== undefined;

/** Declares a resource, keeping its literal types (its name, fields and seed ids). */
export const defineResource = <const R extends Resource>(resource: R): R => resource;

/** A field's column type in SQL (a JSON object is kept as `jsonb`, an image's bytes as `bytea`). */
export const columnTypeOf = (field: ResourceField) =>
  field.sql === 'json' ? 'jsonb' : field.sql === 'image' ? 'bytea' : field.sql;

/**
 * A field's value as a statement's parameter: the sent one or else its default, a text trimmed, a JSON object as its
 * text (an image's are written by the repository, server/repos/resource-table.ts).
 */
export function storedValueOf(field: ResourceField, sent: unknown): unknown {
  const value = sent ?? field.default ?? null;
  if (field.sql === 'json' && value !== null) return JSON.stringify(value);
  return typeof value === 'string' && field.sql === 'text' ? value.trim() : value;
}

/** The fields of a resource in declaration order, with their names. */
export const fieldsOf = (resource: Resource) =>
  Object.entries(resource.fields).map(([name, field]) => ({ name, ...field }));

/**
 * The answer schema of one field (what the server sends), from how it is stored: a JSON object with its fields
 * (`additionalProperties` keeps them when Fastify serializes the answer), a field with a default never null.
 */
function answerOf(field: ResourceField): JSONSchema {
  if (field.answer !== undefined) return field.answer;
  if (field.asText) return { type: 'string', description: `${field.label}: a JSON object, as its text` };
  if (field.sql === 'json')
    return typeof field.schema === 'object' && field.schema.type === 'array'
      ? { type: 'array', ...(field.schema.items !== undefined && { items: field.schema.items }) }
      : { type: 'object', additionalProperties: true };
  if (field.sql === 'image')
    return { type: ['string', 'null'], description: 'The address of the image; null without one' };
  const types = {
    text: 'string',
    date: 'string',
    boolean: 'boolean',
    integer: 'integer',
    bigint: 'integer',
    numeric: 'number',
  } as const;
  const type = types[field.sql];
  return { type: field.required || field.default !== undefined ? type : [type, 'null'] };
}

/** A field's name in an answer: its own, or for an image the field of its address. */
export const answerNameOf = (field: ResourceField & { name: string }) =>
  field.image?.answer ?? field.answerAs ?? field.name;

/** The words of a field's label in a sentence: lower case, unless it starts with an acronym ("partner CBDT ID"). */
export const labelInWords = (label: string) =>
  label
    .split(' ')
    .map((word) => (/^[A-Z][a-z]/.test(word) || word.length === 1 ? word.toLowerCase() : word))
    .join(' ');

/** One record in words, with its article ("a holiday", "an AP config"). */
export const oneOf = (resource: Resource) => `${/^[aeiouAEIOU]/.test(resource.noun) ? 'an' : 'a'} ${resource.noun}`;

/** A record's id: its column, and its name in answers and calls (`id`, unless the declaration names it otherwise). */
export const idColumnOf = (resource: Resource) => resource.id?.column ?? 'id';
export const idNameOf = (resource: Resource) => resource.id?.as ?? 'id';

/** The answer schema of a record's id: the prefixed text, or the whole number the database gives. */
export const idAnswerOf = (resource: Resource): JSONSchema =>
  resource.idPrefix === undefined ? { type: 'integer' } : { type: 'string' };

/** What a body sends beside a resource's fields: their rules, and the refusal of each it must send. */
interface BodyExtras {
  properties: Readonly<Record<string, JSONSchema>>;
  required: Readonly<Record<string, string>>;
}

/**
 * A body of some of a resource's fields, each by its rules, the required ones named, and the `extras` (a save's scope
 * and id); nothing else.
 */
function bodyOfFields(
  resource: Resource,
  names: readonly string[],
  extras: BodyExtras = { properties: {}, required: {} },
): JSONSchema {
  const fields = fieldsOf(resource).filter((field) => names.includes(field.name));
  const required = fields.filter((field) => field.required).map((field) => field.name);
  // Built apart from the return: ajv-errors' `errorMessage` is not a keyword of the JSONSchema type.
  const schema = {
    type: 'object',
    properties: { ...extras.properties, ...Object.fromEntries(fields.map((field) => [field.name, field.schema])) },
    required: [...Object.keys(extras.required), ...required],
    additionalProperties: false,
    errorMessage: {
      type: BODY_OBJECT,
      required: {
        ...extras.required,
        ...Object.fromEntries(
          required.map((name) => [
            name,
            resource.fields[name].requiredMessage ?? `${resource.fields[name].label} is required`,
          ]),
        ),
      },
      additionalProperties: `Send only the fields of ${oneOf(resource)}`,
    },
  } as const;
  return schema;
}

/**
 * The two bodies of a resource with a master list (see {@link ResourceMaster}): a custom label alone, or a master
 * entry's id alone (each field required, as the form that sends it asks for it).
 */
export function masterBodiesOf(resource: Resource, master: ResourceMaster) {
  const requiring = (name: string): Resource => ({
    ...resource,
    fields: { [name]: { ...resource.fields[name], required: true } },
  });
  return {
    custom: bodyOfFields(requiring(master.label), [master.label]),
    picked: bodyOfFields(requiring(master.field), [master.field]),
  };
}

/**
 * The body a create or an update sends: every field by its rules, the required ones named; nothing else. With a
 * master list, a custom label or else a master entry's id.
 */
export function bodySchemaOf(resource: Resource): JSONSchema {
  if (resource.api?.body !== undefined) return resource.api.body;
  const { master } = resource;
  if (!master) return bodyOfFields(resource, Object.keys(resource.fields));
  const { custom, picked } = masterBodiesOf(resource, master);
  return { if: { type: 'object', required: [master.label] }, then: custom, else: picked };
}

/**
 * The body of a create-or-update (see {@link ResourceSave}): every field by its rules, the scope it is saved in
 * (`companyId` and `branchId`, as numbers or texts) and, to change a record, its `id`; nothing else.
 */
export function saveBodySchemaOf(resource: Resource): JSONSchema {
  if (resource.api?.body !== undefined) return resource.api.body;
  const anId = { type: ['string', 'integer'], minLength: 1, maxLength: 64 } as const;
  // Built apart from the call: ajv-errors' `errorMessage` is not a keyword of the JSONSchema type.
  const properties = {
    companyId: { ...anId, errorMessage: MSG.selectCompany },
    branchId: idOrNumberField('branchId'),
    id: { ...anId, errorMessage: resource.api?.idMessage ?? badId('id') },
  } as const;
  return bodyOfFields(resource, Object.keys(resource.fields), {
    properties,
    required: { companyId: MSG.selectCompany },
  });
}

/** The fields of a setting a body sends and a read answers: all but its natural key's (named in the path). */
const settingFieldsOf = (resource: Resource) =>
  fieldsOf(resource).filter((field) => !resource.naturalKey.includes(field.name));

/**
 * The body of a setting's `put` (see {@link ResourceSetting}): the scope it is saved in (`companyId`, `branchId` and
 * `departmentId`, each a text or a number; one the company has not is 404 also where the setting is kept per company,
 * as the console sends the same scope to each settings screen) and its fields but the natural key's; nothing else.
 */
export function settingBodyOf(resource: Resource): JSONSchema {
  const properties = {
    companyId: { type: ['string', 'integer'], minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    branchId: idOrNumberField('branchId'),
    departmentId: idOrNumberField('departmentId'),
  } as const;
  return bodyOfFields(
    resource,
    settingFieldsOf(resource).map((field) => field.name),
    { properties, required: { companyId: MSG.selectCompany } },
  );
}

/** A setting as its `read` answers it: its scope's ids (as its reach has them) and its fields but the natural key's. */
export function settingAnswerOf(resource: Resource): JSONSchema {
  const properties: Record<string, JSONSchema> = {
    companyId: { type: 'string' },
    ...(resource.reach !== 'company' && { branchId: { type: ['string', 'null'] } }),
    ...(resource.reach === 'department' && { departmentId: { type: ['string', 'null'] } }),
    ...Object.fromEntries(settingFieldsOf(resource).map((field) => [answerNameOf(field), answerOf(field)])),
  };
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

/** The body of a PATCH: any of the fields, each by its rules (a field left out stays as it is); nothing else. */
export function patchSchemaOf(resource: Resource): JSONSchema {
  // Without their defaults: a default would be filled in (the server's ajv uses them) and so change a field not sent.
  const withoutDefault = (schema: JSONSchema): JSONSchema => {
    if (typeof schema !== 'object') return schema;
    const { default: _filled, ...rules } = schema;
    return rules;
  };
  const optional = Object.fromEntries(
    Object.entries(resource.fields).map(([name, field]) => [
      name,
      { ...field, required: false, schema: withoutDefault(field.schema) },
    ]),
  );
  return bodyOfFields({ ...resource, fields: optional }, Object.keys(optional));
}

/**
 * One record as the calls answer it: its id, its fields, its branch (where it may have one) and (its stamps `epoch`)
 * who saved it when.
 */
export function answerSchemaOf(resource: Resource): JSONSchema {
  const { idAlso, companyInAnswer, computed = {} } = resource.api ?? {};
  const fields = fieldsOf(resource);
  /** The keys of a spread JSON field: optional, each as its answer schema says. */
  const spread = fields.flatMap((field) => {
    const schema = field.spread ? field.answer : undefined;
    return typeof schema === 'object' && schema.properties ? Object.entries(schema.properties) : [];
  });
  const properties: Record<string, JSONSchema> = {
    [idNameOf(resource)]: idAnswerOf(resource),
    ...(idAlso !== undefined && { [idAlso]: idAnswerOf(resource) }),
    ...Object.fromEntries(
      fields.filter((field) => !field.spread && !field.within).map((field) => [answerNameOf(field), answerOf(field)]),
    ),
    ...Object.fromEntries(
      Object.entries(withinOf(resource)).map(([name, inside]) => {
        const answers = Object.fromEntries(inside.map((field) => [answerNameOf(field), answerOf(field)]));
        return [
          name,
          { type: 'object', properties: answers, required: Object.keys(answers), additionalProperties: false },
        ];
      }),
    ),
    ...Object.fromEntries(Object.entries(computed).map(([name, value]) => [name, value.answer])),
    ...(companyInAnswer && { companyId: { type: 'string' } }),
    ...(answersBranch(resource) && { branchId: { type: ['string', 'null'] } }),
    ...(resource.stamps !== 'timestamps' && {
      updatedBy: { type: 'string' },
      updatedAt: { type: 'integer', description: 'Epoch milliseconds' },
    }),
  };
  return {
    type: 'object',
    properties: { ...Object.fromEntries(spread), ...properties },
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

/** Whether the answer names the record's branch: where it may have one, unless the spec's answer leaves it out. */
export const answersBranch = (resource: Resource) => resource.reach !== 'company' && !resource.api?.branchUnanswered;

/** The fields answered inside an object (see `ResourceField.within`), by the object's name. */
export function withinOf(resource: Resource): Record<string, (ResourceField & { name: string })[]> {
  const inside = fieldsOf(resource).filter((field) => field.within !== undefined);
  const names = [...new Set(inside.map((field) => field.within))];
  return Object.fromEntries(names.map((name) => [name, inside.filter((field) => field.within === name)]));
}

/**
 * The field that names whom a record is kept for beside its company (see `ResourceField.owner`): its calls take it in
 * their query (an update in its body too), and a TRANSPORTER must name one.
 */
export const ownerOf = (resource: Resource) => fieldsOf(resource).find((field) => field.owner);

/** The sorts of a resource's list: its sortable fields, and (its stamps `epoch`) when it was saved. */
export const sortsOf = (resource: Resource): readonly string[] =>
  resource.api?.sorts ?? [
    ...fieldsOf(resource)
      .filter((field) => field.sort)
      .map((field) => field.name),
    ...(resource.stamps === 'timestamps' ? [] : ['updatedAt']),
  ];

/** The value of each kind of field as the calls answer it. */
interface SqlValues {
  text: string;
  boolean: boolean;
  integer: number;
  bigint: number;
  numeric: number;
  date: string;
  json: Record<string, unknown>;
  /** An image's address. */
  image: string;
}

/** A field's name in an answer (see {@link answerNameOf}). */
type AnswerName<K, F> = F extends { spread: true }
  ? never
  : F extends { image: { answer: infer A extends string } }
    ? A
    : F extends { answerAs: infer A extends string }
      ? A
      : K;

/** A field's value as answered: its answer schema's, or a JSON list of the values its schema says. */
type StoredValue<F extends ResourceField> = F extends { answer: infer A extends JSONSchema }
  ? FromSchema<A>
  : F extends { sql: 'json'; schema: { type: 'array'; items: infer I } }
    ? I extends JSONSchema
      ? FromSchema<I>[]
      : unknown[]
    : SqlValues[F['sql']];

/** A field's answered value: never null when required or defaulted. */
type FieldValue<F extends ResourceField> = F extends { required: true } | { default: string | number | boolean }
  ? StoredValue<F>
  : StoredValue<F> | null;

/** The keys of a JSON field answered as the record's own (`spread`), as its `answer` schema types them. */
type SpreadValues<F> = UnionToIntersection<
  {
    [K in keyof F]: F[K] extends { spread: true; answer: infer A extends JSONSchema } ? FromSchema<A> : never;
  }[keyof F]
>;

/** The objects fields are answered within (see `ResourceField.within`), each with its fields' values. */
type WithinValues<F> = {
  -readonly [W in { [K in keyof F]: F[K] extends { within: infer N extends string } ? N : never }[keyof F]]: {
    -readonly [K in keyof F as F[K] extends { within: W } ? AnswerName<K, F[K]> : never]: F[K] extends ResourceField
      ? FieldValue<F[K]>
      : never;
  };
};

/** `A | B` as `A & B`. */
type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never;

/** The answer's repeat of the id, its company and its computed values, where the declaration's `api` says so. */
type AnswerExtras<R extends Resource> = (R extends { api: { idAlso: infer A extends string } }
  ? { [K in A]: R extends { idPrefix: string } ? string : number }
  : unknown) &
  (R extends { api: { companyInAnswer: true } } ? { companyId: string } : unknown) &
  (R extends { api: { computed: infer C extends Readonly<Record<string, ComputedAnswer>> } }
    ? { -readonly [K in keyof C]: FromSchema<C[K]['answer']> }
    : unknown);

/**
 * One record of a resource as its calls answer it, derived from its declaration (the type of {@link answerSchemaOf}):
 * its id, its fields, its branch where it may have one, and with `epoch` stamps who saved it when.
 */
export type ResourceRecord<R extends Resource> = {
  [K in R extends { id: { as: infer A extends string } } ? A : 'id']: R extends { idPrefix: string } ? string : number;
} & {
  -readonly [K in keyof R['fields'] as R['fields'][K] extends { within: string }
    ? never
    : AnswerName<K, R['fields'][K]>]: FieldValue<R['fields'][K]>;
} & WithinValues<R['fields']> &
  SpreadValues<R['fields']> &
  AnswerExtras<R> &
  (R['reach'] extends 'company'
    ? unknown
    : R extends { api: { branchUnanswered: true } }
      ? unknown
      : { branchId: string | null }) &
  (R extends { stamps: 'timestamps' } ? unknown : { updatedBy: string; updatedAt: number });
