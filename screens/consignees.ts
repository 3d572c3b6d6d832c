import { endpoint } from '../engine/data/endpoint';
import { defineForm, defineList } from '../engine/registry/define';
import type { Scope } from '../engine/scope/scope';
import { companyCalls } from '../schemas/api/company';
import { consigneeCalls } from '../schemas/api/consignees';
import { CONSIGNEE_MSG, CONSIGNEE_TYPES, consigneeFormSchema, type Consignee } from '../schemas/consignee';
import { consignorNeeded } from './known-places';
import * as registered from './consignees.meta';
import { KEYSET_PAGING } from './define';

/** Every consignee call names pt=CONSIGNEE (spec 002 section 7). */
const CONSIGNEE = { query: { pt: 'CONSIGNEE' } } as const;
const consignees = endpoint(companyCalls.partners, CONSIGNEE);
const createConsignee = endpoint(consigneeCalls.create, CONSIGNEE);
const updateConsignee = endpoint(consigneeCalls.update, CONSIGNEE);
const deleteConsignee = endpoint(consigneeCalls.remove, CONSIGNEE);

/** The consignor the calls name (`partnerId`) for a TRANSPORTER, when one is chosen. */
const partner = (scope: Scope) => (scope.consignorId ? { partnerId: scope.consignorId } : {});

/** A consignee fetched by id comes as a list of one. */
const firstConsignee = (data: unknown) => (Array.isArray(data) ? data[0] : data);

/**
 * /consignees (spec 002 section 2.2): the company's consignees (a TRANSPORTER's for the chosen consignor), newest
 * first, searched and paged by the server; Edit goes to /consignees/{id}/edit, Delete asks first.
 */
export const consigneesList = defineList<typeof companyCalls.partners, Consignee>({
  ...registered.consigneesList,
  scopeNeeds: consignorNeeded,
  source: consignees,
  sourceInput: ({ scope }) => ({ scope, query: partner(scope) }),
  rowKey: 'id',
  paging: KEYSET_PAGING,
  search: { placeholder: 'Search code, name, phone, email or user' },
  noun: 'consignees',
  columns: [
    { title: 'Consignee code', field: 'code', sortKey: 'code', width: 150 },
    { title: 'Consignee name', field: 'name', sortKey: 'name' },
    { title: 'Phone no.', field: 'phone', sortKey: 'phone', width: 115 },
    { title: 'Email id', field: 'email', sortKey: 'email' },
    { title: 'Display address', field: 'place.label' },
    { title: 'Updated By', field: 'updatedBy', sortKey: 'updatedBy', width: 145 },
  ],
  emptyText: 'No consignees found for the given selection',
  // Spec 002 section 8 names this text for a failed fetch.
  fetchError: CONSIGNEE_MSG.fetchFailed,
  headerButtons: [
    { label: 'Add consignee', to: '/consignees/add', primary: true },
    { label: 'Upload', to: '/consignees/upload' },
  ],
  actionTitle: 'Actions',
  edit: { to: '/consignees/:id/edit' },
  remove: {
    endpoint: deleteConsignee,
    input: (row) => ({ query: { id: row.id, ...(row.partnerId ? { partnerId: row.partnerId } : {}) } }),
    confirm: 'Are you sure to delete this consignee ?',
    success: (row) => CONSIGNEE_MSG.deleted(row.id),
    error: CONSIGNEE_MSG.deleteFailed,
  },
});

/**
 * /consignees/add and /consignees/{id}/edit (spec 002 sections 2.2, 4 and 5): the consignee's code, name, type, phone
 * and email, then its place: the Google address with its coordinates (one point field with the map preview, zoom 15
 * and 400 px high), label, code, address and radius. Editing keeps the Google address and coordinates ('The field
 * cannot be edited'); a save returns to the list.
 */
export const consigneeForm = defineForm({
  ...registered.consigneeForm,
  scopeNeeds: consignorNeeded,
  schema: consigneeFormSchema,
  columns: 2,
  uiSchema: {
    'ui:order': ['code', 'name', 'type', 'phone', 'email', 'location', 'label', 'cpCode', 'address', 'geofenceRadius'],
    code: { 'ui:placeholder': 'e.g. CEE-PUNE-001' },
    type: { 'ui:placeholder': 'Select type', 'ui:enumNames': [...CONSIGNEE_TYPES] },
    phone: { 'ui:placeholder': '10 digit mobile number' },
    // A text box, not rjsf's e-mail input for `format: 'email'`: the browser strips the value of an e-mail input, so
    // an e-mail of spaces would read as empty ('Please enter your email id') instead of 'Blank spaces not allowed'.
    email: { 'ui:widget': 'text' },
    location: {
      'ui:field': 'geoPoint',
      'ui:options': {
        fullWidth: true,
        lockedWhenEditing: CONSIGNEE_MSG.readOnly,
        fills: { label: 'name', address: 'formatted_address' },
        radiusFrom: 'geofenceRadius',
        mapHeight: 400,
      },
    },
    label: { 'ui:title': 'Display Address' },
    address: { 'ui:widget': 'textarea', 'ui:options': { rows: 2 } },
  },
  load: {
    endpoint: consignees,
    input: ({ scope, params }) => ({ scope, query: { id: params.id, ...partner(scope) } }),
    pick: firstConsignee,
    error: CONSIGNEE_MSG.fetchFailed,
  },
  toForm: (row: Consignee) => ({
    code: row.code,
    name: row.name,
    type: row.type,
    phone: row.phone,
    email: row.email,
    location: {
      place_id: row.place.google.place_id,
      formatted_address: row.place.google.formatted_address,
      lat: row.place.google.geometry?.location.lat,
      lng: row.place.google.geometry?.location.lng,
    },
    label: row.place.label,
    cpCode: row.place.cpCode,
    address: row.place.address,
    geofenceRadius: row.place.geofenceRadius,
  }),
  // Create sends a list of one consignee with its Google place; update sends its id and fields with the place by cpId.
  toSubmission: (
    { code, name, type, phone, email, location, label, cpCode, address, geofenceRadius },
    { scope, params, editing, record },
  ) => {
    const fields = { code, name, type, phone: phone ?? '', email };
    return editing
      ? {
          query: partner(scope),
          body: {
            id: params.id ?? '',
            ...fields,
            ...partner(scope),
            place: { cpId: record?.place.cpId ?? '', label, cpCode, address, geofenceRadius },
          },
        }
      : {
          query: partner(scope),
          body: [
            {
              ...fields,
              place: {
                label,
                cpCode,
                address,
                geofenceRadius,
                google: {
                  place_id: location.place_id,
                  formatted_address: location.formatted_address,
                  geometry: { location: { lat: location.lat, lng: location.lng } },
                },
              },
            },
          ],
        };
  },
  submit: { create: createConsignee, update: updateConsignee },
  submitLabel: { create: 'Add consignee', edit: 'Update consignee' },
  messages: {
    created: CONSIGNEE_MSG.added,
    updated: CONSIGNEE_MSG.updated,
    createError: CONSIGNEE_MSG.addFailed,
    updateError: CONSIGNEE_MSG.editFailed,
    fieldOf: { [CONSIGNEE_MSG.duplicateCode]: 'code' },
  },
  after: '/consignees',
});
