import { endpoint } from '../engine/data/endpoint';
import { defineForm, defineList } from '../engine/registry/define';
import type { FormConfig } from '../engine/form/types';
import type { ColumnConfig, ListConfig } from '../engine/list/types';
import { callOf, RESOURCE_CALLS } from '../schemas/api/resources';
import { fieldsOf, hasScreen, labelInWords, type Resource, type ScreenedResource } from '../schemas/resource';
import { ALL_RESOURCES } from '../schemas/resources';
import { isRecord } from '../schemas/guards';
import type { Row } from '../engine/types';
import { KEYSET_PAGING } from './define';
import { resourceScreens } from './resources.meta';

/** Where a resource's list or form is registered: its path(s), title and menu entry. */
type Registration = Pick<ListConfig, 'path' | 'title' | 'menu'>;
type FormRegistration = Pick<FormConfig, 'path' | 'editPath' | 'title'>;

/** Longest JSON text a derived form edits, in characters (its length checked before it is parsed). */
const JSON_TEXT_MAX = 16_000;

/** A JSON object's field in the form: its text in the JSON editor, which must parse to an object. */
const jsonText = {
  type: 'string',
  minLength: 1,
  maxLength: JSON_TEXT_MAX,
  format: 'json-object',
  errorMessage: {
    minLength: 'Please enter the JSON',
    maxLength: `The JSON may hold at most ${JSON_TEXT_MAX} characters`,
    format: 'Invalid JSON',
  },
} as const;

/**
 * The form's schema: the body's rules, each field titled with its label; a JSON object as its text; a field with a
 * default neither null nor empty in the form (its default shown).
 */
function formSchemaOf(resource: Resource) {
  const fields = fieldsOf(resource);
  return {
    type: 'object',
    properties: Object.fromEntries(
      fields.map((field) => {
        const rules = field.sql === 'json' ? jsonText : isRecord(field.schema) ? field.schema : {};
        const { type } = rules;
        return [
          field.name,
          {
            ...rules,
            ...(Array.isArray(type) && { type: type.find((name) => name !== 'null') }),
            title: field.label,
            ...(field.default !== undefined && { default: field.default }),
            ...(field.sql === 'boolean' && { default: false }),
          },
        ];
      }),
    ),
    required: fields.filter((field) => field.required).map((field) => field.name),
  } as const;
}

/**
 * The list of a resource: its fields as columns (sortable where declared), searched, sorted and paged by the server
 * (by number in the spec's words where its calls are so shaped). A screen file changes what its spec words otherwise
 * with `override`, given the derived list.
 */
export function resourceList(
  resource: ScreenedResource,
  registration: Registration,
  override: (derived: ListConfig) => ListConfig = (derived) => derived,
): ListConfig {
  const calls = RESOURCE_CALLS[resource.name];
  const list = callOf(resource, 'list');
  const fields = fieldsOf(resource);
  const searched = fields.filter((field) => field.search).map((field) => labelInWords(field.label));
  const { numbered, unpaged, idInQuery } = resource.api ?? {};
  const columns: ColumnConfig[] = [
    ...fields.map((field) => ({
      title: field.label,
      field: field.name,
      ...(field.kind && { kind: field.kind }),
      ...(field.sort && { sortKey: field.name }),
    })),
    ...(resource.stamps === 'timestamps' ? [] : [{ title: 'Updated By', field: 'updatedBy', width: 170 }]),
  ];
  const derived = defineList<typeof list, Row>({
    ...registration,
    source: endpoint(list),
    rowKey: 'id',
    ...(numbered && {
      paging: {
        size: numbered.defaultSize,
        rows: 'data',
        total: 'total',
        pageParams: { page: numbered.page, size: numbered.size, first: numbered.first },
        searchParam: 'q',
      },
    }),
    ...(!numbered && !unpaged && { paging: KEYSET_PAGING }),
    ...(searched.length > 0 && { search: { placeholder: `Search ${searched.join(' or ')}` } }),
    noun: resource.plural,
    columns,
    emptyText: `No ${resource.plural} found for the given selection`,
    fetchError: `Error while fetching ${resource.plural}`,
    // Added and changed in its own form where it has one (a spec's catalogue is added to by forms of its screen's).
    ...(calls.create &&
      calls.byId && {
        headerButtons: [{ label: `Add ${resource.noun}`, to: `${resource.screen}/add`, primary: true }],
      }),
    ...(calls.update && calls.byId && { edit: { to: `${resource.screen}/:id/edit` } }),
    ...(calls.remove && {
      remove: {
        endpoint: endpoint(calls.remove),
        input: (row: Row) => (idInQuery ? { query: { id: String(row.id) } } : { params: { id: String(row.id) } }),
        confirm: `Are you sure to delete this ${resource.noun}?`,
        success: 'Deleted successfully',
        error: 'Error while deleting',
      },
    }),
  });
  return override(derived);
}

/**
 * The form of a resource: its fields with their labels, help and widgets (a JSON object in the JSON editor, as its
 * text); saved by its create and update calls. A screen file changes what its spec words otherwise with `override`,
 * given the derived form.
 */
export function resourceForm(
  resource: ScreenedResource,
  registration: FormRegistration,
  override: (derived: FormConfig) => FormConfig = (derived) => derived,
): FormConfig {
  const fields = fieldsOf(resource);
  const uiSchema = Object.fromEntries(
    fields.map((field) => [
      field.name,
      {
        ...(field.help && { 'ui:help': field.help }),
        ...(field.widget && { 'ui:widget': field.widget }),
        // A day is picked as the console shows days (DD/MM/YYYY) and sent as JSON Schema's date (YYYY-MM-DD).
        ...(field.sql === 'date' && { 'ui:widget': 'date', 'ui:options': { valueFormat: 'YYYY-MM-DD' } }),
        ...(field.sql === 'json' && { 'ui:widget': 'jsonEditor', 'ui:options': { fullWidth: true, rows: 12 } }),
      },
    ]),
  );
  const derived = defineForm({
    ...registration,
    schema: formSchemaOf(resource),
    uiSchema,
    load: {
      endpoint: endpoint(callOf(resource, 'byId')),
      input: ({ scope, params }) => ({ scope, params: { id: params.id } }),
      error: `Error while fetching the ${resource.noun}`,
    },
    toForm: (record) =>
      Object.fromEntries(
        fields.map((field) => {
          const value = record[field.name];
          return [field.name, field.sql === 'json' ? JSON.stringify(value ?? {}, null, 2) : value];
        }),
      ),
    toSubmission: (data, { params, editing }) => ({
      ...(editing ? { params: { id: params.id } } : {}),
      // The schema's `json-object` format has parsed a JSON field's text already: an object.
      body: Object.fromEntries(
        fields.map((field) => {
          const value = data[field.name];
          return [field.name, field.sql === 'json' && typeof value === 'string' ? JSON.parse(value) : value];
        }),
      ),
    }),
    submit: { create: endpoint(callOf(resource, 'create')), update: endpoint(callOf(resource, 'update')) },
    submitLabel: { create: 'Save', edit: 'Save' },
    messages: {
      created: `${resource.title}: ${resource.noun} added`,
      updated: `${resource.title}: ${resource.noun} saved`,
      createError: `Error while adding the ${resource.noun}`,
      updateError: `Error while saving the ${resource.noun}`,
      ...(resource.taken !== undefined && { fieldOf: { [resource.taken]: resource.naturalKey[0] } }),
    },
    after: resource.screen,
  });
  return override(derived);
}

/** Every resource's list and form configs but those of a screen file, by the names resources.meta.ts registers them under. */
export default Object.fromEntries(
  ALL_RESOURCES.filter(hasScreen)
    .filter((resource) => !resource.screenFile)
    .flatMap((resource) => {
      const { list, form } = resourceScreens(resource);
      return [
        [`${resource.name}List`, resourceList(resource, list)],
        [`${resource.name}Form`, resourceForm(resource, form)],
      ];
    }),
);
