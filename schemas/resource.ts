import type { JSONSchema } from 'json-schema-to-ts';
import type { ColumnKind } from './column-kinds';

/**
 * One declaration per stored aggregate (issue 35, DESIGN.md): a resource says once where its rows are kept, whose
 * they are, what its fields are (their columns, words, formats and rules), what makes a record unique, and which
 * generic features it takes part in. Everything else is derived from it: the body and answer schemas, the calls and
 * their OpenAPI description (schemas/api/resource-calls.ts), the SQL (server/repos/resource-table.ts), the routes
 * (server/routes/resources.ts), the audit trigger and the Audit Log's words (schemas/audited.ts), Compare and Copy
 * (server/repos/config-areas.ts), the export, the demo seed and the console's list and form (screens/resources.ts).
 */

/** How a field is stored: its SQL type (a `date` is read and written as `YYYY-MM-DD` text). */
export type FieldSql = 'text' | 'boolean' | 'integer' | 'numeric' | 'date';

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
}

/** Whose a row is: a company's, or a company's and possibly one branch's (and department's). */
export type ResourceReach = 'company' | 'branch' | 'department';

/** A row of the demo seed: its id, company (and branch), and its fields' values. */
export interface SeedRow {
  id: string;
  company: string;
  branch?: string;
  values: Readonly<Record<string, unknown>>;
}

/** Where the console lists the resource (the group and icon are names the shell's registries check). */
export interface ResourceMenu {
  label: string;
  group: string;
  icon?: string;
  order: number;
}

/** A resource's declaration: see {@link defineResource}. */
export interface Resource {
  /** The plural in code: the calls' ids (`holidays.list`), the export's and the Compare area's name. */
  name: string;
  /** The Audit Log's object type. */
  objectType: string;
  table: string;
  /** The prefix of a new record's id (`hol` makes `hol_…`). */
  idPrefix: string;
  /** One record, several, and the screen's title, in words. */
  noun: string;
  plural: string;
  title: string;
  /** The calls' path on the main API (one record at `path/:id`). */
  path: string;
  /** The console's path of the list (the form at `screen/add` and `screen/:id/edit`). */
  screen: string;
  reach: ResourceReach;
  fields: Readonly<Record<string, ResourceField>>;
  /** The fields that make a record unique within its scope (a unique index), and match it across companies. */
  naturalKey: readonly string[];
  /** The refusal of a save that would make a second record of the same natural key (409). */
  taken: string;
  /** The fields that name a record in words ("Diwali · 08/11/2026"), in order. */
  label: readonly string[];
  /** The list's order unsorted (default: newest first). */
  order?: { field: string; desc?: boolean };
  /** Compared and copied between companies (Compare and Copy), under its title. */
  compare?: boolean;
  /** Exported in pages by the server (CSV and Excel). */
  export?: boolean;
  /** Rows of the demo seed. */
  seed?: readonly SeedRow[];
  menu?: ResourceMenu;
}

/** Declares a resource, keeping its literal types (its name, fields and seed ids). */
export const defineResource = <const R extends Resource>(resource: R): R => resource;

/** The fields of a resource in declaration order, with their names. */
export const fieldsOf = (resource: Resource) =>
  Object.entries(resource.fields).map(([name, field]) => ({ name, ...field }));

/** The answer schema of one field (what the server sends), from how it is stored. */
function answerOf(field: ResourceField): JSONSchema {
  const types = { text: 'string', date: 'string', boolean: 'boolean', integer: 'integer', numeric: 'number' } as const;
  const type = types[field.sql];
  return { type: field.required ? type : [type, 'null'] };
}

/** The body a create or an update sends: every field by its rules, the required ones named; nothing else. */
export function bodySchemaOf(resource: Resource): JSONSchema {
  const fields = fieldsOf(resource);
  const required = fields.filter((field) => field.required).map((field) => field.name);
  // Built apart from the return: ajv-errors' `errorMessage` is not a keyword of the JSONSchema type.
  const schema = {
    type: 'object',
    properties: Object.fromEntries(fields.map((field) => [field.name, field.schema])),
    required,
    additionalProperties: false,
    errorMessage: {
      required: Object.fromEntries(required.map((name) => [name, `${resource.fields[name].label} is required`])),
      additionalProperties: `Send only the fields of a ${resource.noun}`,
    },
  } as const;
  return schema;
}

/** One record as the calls answer it: its id, its fields, its branch (where it may have one) and who saved it when. */
export function answerSchemaOf(resource: Resource): JSONSchema {
  const properties: Record<string, JSONSchema> = {
    id: { type: 'string' },
    ...Object.fromEntries(fieldsOf(resource).map((field) => [field.name, answerOf(field)])),
    ...(resource.reach !== 'company' && { branchId: { type: ['string', 'null'] } }),
    updatedBy: { type: 'string' },
    updatedAt: { type: 'integer' },
  };
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

/** The sorts of a resource's list: its sortable fields, and when it was saved. */
export const sortsOf = (resource: Resource): string[] => [
  ...fieldsOf(resource)
    .filter((field) => field.sort)
    .map((field) => field.name),
  'updatedAt',
];
