import { TRANSPORTER_TAKEN, transporterSchema } from '../schemas/transporter';
import { transporters } from '../schemas/resources/transporters';
import type { Row } from '../engine/types';
import { api } from './endpoints';
import { resourceForm, resourceList } from './resources';
import * as registered from './transporters.meta';

/**
 * /transporters: the older transporter screens, as the declaration derives the list (every transporter of the company,
 * Edit and Delete), in the spec's words, with its Active switch and the drawer of the company's linked transporters.
 */
export const transportersList = resourceList(transporters, registered.transportersList, (list) => ({
  ...list,
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
        input: (row: Row, checked: boolean) => ({ params: { id: String(row.id) }, body: { active: checked } }),
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
  ...(list.remove && {
    remove: {
      ...list.remove,
      confirm: 'Are you sure to delete this transporter ?',
      success: 'Successfully deleted !',
      error: 'Error while deleting',
    },
  }),
}));

/**
 * /transporters/add and /transporters/{id}/edit, with the logo upload: the declaration's form (loaded by id, saved by
 * its create and its PATCH) in the spec's words and three columns.
 */
export const transporterForm = resourceForm(transporters, registered.transporterForm, (form) => ({
  ...form,
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
  ...(form.load && { load: { ...form.load, error: 'Error while fetching details' } }),
  submitLabel: { create: 'Submit', edit: 'Update' },
  messages: {
    created: 'Saved successfully',
    updated: 'Saved successfully',
    createError: 'Error while adding',
    updateError: 'Error while updating',
    fieldOf: { [TRANSPORTER_TAKEN]: 'transporterName' },
  },
  after: '/transporters',
}));
