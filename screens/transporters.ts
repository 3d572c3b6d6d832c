import { TRANSPORTER_TAKEN, transporterSchema, type Transporter } from '../schemas/transporter';
import { defineForm, defineList } from '../engine/registry/define';
import { api } from './endpoints';
import * as registered from './transporters.meta';

/** /transporters: the older transporter screens. */
export const transportersList = defineList({
  ...registered.transportersList,
  source: api.transporters,
  rowKey: 'id',
  columns: [
    { title: 'Transporter name', field: 'transporterName', sortable: true },
    { title: 'Branch', field: 'branch', sortable: true, width: 140 },
    { title: 'Contact Person', field: 'contactPerson', sortable: true, width: 160 },
    { title: 'Phone Number', field: 'phoneNumber', width: 140 },
    { title: 'Address', field: 'address' },
    {
      title: 'Active',
      field: 'active',
      kind: 'switch',
      toggle: {
        endpoint: api.updateTransporter,
        input: (row, checked) => ({ params: { id: String(row.id) }, body: { active: checked } }),
        confirmTitle: 'Change transporter status?',
        confirmText: 'Inactive transporters are not offered for new trips.',
        success: 'Saved successfully',
        error: 'Error while updating',
      },
    },
  ],
  search: {
    placeholder: 'Search transporters',
    fields: ['transporterName', 'branch', 'contactPerson', 'phoneNumber', 'address'],
  },
  noun: 'transporters',
  emptyText: 'No transporters found for the given selection',
  fetchError: 'Error while fetching details',
  headerButtons: [
    { label: 'Add Transporters', to: '/transporters/add', primary: true },
    {
      label: 'View Transporters',
      drawer: {
        title: 'Transporters linked to this company',
        endpoint: api.transportersOfConsignor,
        rowKey: 'id',
        emptyText: 'No linked transporters',
        columns: [
          { title: 'Transporter', field: 'name' },
          { title: 'Id', field: 'id' },
        ],
      },
    },
  ],
  edit: { to: '/transporters/:id/edit' },
  remove: {
    endpoint: api.deleteTransporter,
    input: (row) => ({ params: { id: row.id } }),
    confirm: 'Are you sure to delete this transporter ?',
    success: 'Successfully deleted !',
    error: 'Error while deleting',
  },
});

/** /transporters/add and /transporters/{id}/edit, with the logo upload. */
export const transporterForm = defineForm({
  ...registered.transporterForm,
  schema: transporterSchema,
  columns: 3,
  uiSchema: {
    'ui:order': [
      'transporterName',
      'branch',
      'contactPerson',
      'phoneNumber',
      'address',
      'city',
      'state',
      'uid',
      'active',
      'logo',
    ],
    phoneNumber: { 'ui:placeholder': '10 digit mobile number' },
    address: { 'ui:options': { fullWidth: true } },
    logo: { 'ui:field': 'logo' },
  },
  load: {
    endpoint: api.transporter,
    input: ({ scope, params }) => ({ scope, params: { id: params.id } }),
    error: 'Error while fetching details',
  },
  toForm: ({ id: _id, logoUrl: _logo, ...fields }: Transporter) => fields,
  toSubmission: (form, { params, editing }) => (editing ? { params: { id: params.id }, body: form } : { body: form }),
  submit: { create: api.createTransporter, update: api.updateTransporter },
  submitLabel: { create: 'Submit', edit: 'Update' },
  messages: {
    created: 'Saved successfully',
    updated: 'Saved successfully',
    createError: 'Error while adding',
    updateError: 'Error while updating',
    fieldOf: { [TRANSPORTER_TAKEN]: 'transporterName' },
  },
  after: '/transporters',
});
