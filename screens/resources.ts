import { endpoint } from '../engine/data/endpoint';
import { defineForm, defineList } from '../engine/registry/define';
import type { ColumnConfig } from '../engine/list/types';
import { RESOURCE_CALLS } from '../schemas/api/resources';
import { fieldsOf, type Resource } from '../schemas/resource';
import { ALL_RESOURCES } from '../schemas/resources';
import { isRecord } from '../schemas/guards';
import type { Row } from '../engine/types';
import registered from './resources.meta';

/** A resource's screen registration (resources.meta.ts) by its config's name. */
const meta = (name: string) => {
  const found = registered.screens[name];
  if (!found) throw new Error(`${name} is not registered`);
  return found;
};

/** The form's schema: the body's rules, each field titled with its label and explained by its help. */
function formSchemaOf(resource: Resource) {
  const fields = fieldsOf(resource);
  return {
    type: 'object',
    properties: Object.fromEntries(
      fields.map((field) => [
        field.name,
        {
          ...(isRecord(field.schema) && field.schema),
          title: field.label,
          ...(field.sql === 'boolean' && { default: false }),
        },
      ]),
    ),
    required: fields.filter((field) => field.required).map((field) => field.name),
  } as const;
}

/** The list of a resource: its fields as columns (sortable where declared), searched, sorted and paged by the server. */
function listOf(resource: Resource) {
  const calls = RESOURCE_CALLS[resource.name];
  const fields = fieldsOf(resource);
  const searched = fields.filter((field) => field.search).map((field) => field.label.toLowerCase());
  const columns: ColumnConfig[] = [
    ...fields.map((field) => ({
      title: field.label,
      field: field.name,
      ...(field.kind && { kind: field.kind }),
      ...(field.sort && { sortKey: field.name }),
    })),
    { title: 'Updated By', field: 'updatedBy', width: 170 },
  ];
  return defineList<typeof calls.list, Row>({
    path: resource.screen,
    title: resource.title,
    menu: meta(`${resource.name}List`).menu,
    source: endpoint(calls.list),
    rowKey: 'id',
    paging: {
      size: 20,
      rows: 'data',
      total: 'total',
      from: 'body',
      searchParam: 'q',
      sortParams: { sort: 'sort', order: 'order' },
    },
    ...(searched.length > 0 && { search: { placeholder: `Search ${searched.join(' or ')}` } }),
    noun: resource.plural,
    columns,
    emptyText: `No ${resource.plural} found for the given selection`,
    fetchError: `Error while fetching ${resource.plural}`,
    headerButtons: [{ label: `Add ${resource.noun}`, to: `${resource.screen}/add`, primary: true }],
    edit: { to: `${resource.screen}/:id/edit` },
    remove: {
      endpoint: endpoint(calls.remove),
      input: (row) => ({ params: { id: String(row.id) } }),
      confirm: `Are you sure to delete this ${resource.noun}?`,
      success: 'Deleted successfully',
      error: 'Error while deleting',
    },
  });
}

/** The form of a resource: its fields with their labels, help and widgets; saved by its create and update calls. */
function formOf(resource: Resource) {
  const calls = RESOURCE_CALLS[resource.name];
  const fields = fieldsOf(resource);
  const uiSchema = Object.fromEntries(
    fields.map((field) => [
      field.name,
      {
        ...(field.help && { 'ui:help': field.help }),
        ...(field.widget && { 'ui:widget': field.widget }),
        // A day is picked as the console shows days (DD/MM/YYYY) and sent as JSON Schema's date (YYYY-MM-DD).
        ...(field.sql === 'date' && { 'ui:widget': 'date', 'ui:options': { valueFormat: 'YYYY-MM-DD' } }),
      },
    ]),
  );
  return defineForm({
    path: `${resource.screen}/add`,
    editPath: `${resource.screen}/:id/edit`,
    title: { create: `Add ${resource.noun}`, edit: `Edit ${resource.noun}` },
    schema: formSchemaOf(resource),
    uiSchema,
    load: {
      endpoint: endpoint(calls.byId),
      input: ({ scope, params }) => ({ scope, params: { id: params.id } }),
      error: `Error while fetching the ${resource.noun}`,
    },
    toForm: (record) => Object.fromEntries(fields.map((field) => [field.name, record[field.name]])),
    toSubmission: (data, { params, editing }) => ({
      ...(editing ? { params: { id: params.id } } : {}),
      body: Object.fromEntries(fields.map((field) => [field.name, data[field.name]])),
    }),
    submit: { create: endpoint(calls.create), update: endpoint(calls.update) },
    submitLabel: { create: 'Save', edit: 'Save' },
    messages: {
      created: `${resource.title}: ${resource.noun} added`,
      updated: `${resource.title}: ${resource.noun} saved`,
      createError: `Error while adding the ${resource.noun}`,
      updateError: `Error while saving the ${resource.noun}`,
      fieldOf: { [resource.taken]: resource.naturalKey[0] },
    },
    after: resource.screen,
  });
}

/** Every resource's list and form configs, by the names resources.meta.ts registers them under. */
export default Object.fromEntries(
  ALL_RESOURCES.filter((resource) => !resource.ownScreens).flatMap((resource) => [
    [`${resource.name}List`, listOf(resource)],
    [`${resource.name}Form`, formOf(resource)],
  ]),
);
