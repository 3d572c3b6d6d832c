import { VEHICLE_EXISTS, customVehicleSchema, standardVehicleSchema } from '../schemas/vehicle';
import { defineForm } from '../engine/registry/define';
import { vehicles } from '../schemas/resources/vehicles';
import { api } from './endpoints';
import { resourceList } from './resources';
import * as registered from './vehicles.meta';

// A refusal with the server's words ('Vehicle already exists') is toasted by the HTTP layer alone; the generic
// error is for a failure without them. The main family's success carries no message, so the spec's success text stays.
const vehicleMessages = {
  created: 'Vehicle created succesfully',
  createError: 'Something went wrong. Please try again',
  preferServer: true,
};

/** The cascading standard vehicle picker (body type, length, weight). */
const standardVehicleForm = defineForm({
  title: { create: 'Standard vehicle' },
  schema: standardVehicleSchema,
  uiSchema: {
    ftVehicleId: {
      'ui:widget': 'cascade',
      'ui:options': {
        endpoint: api.standardVehicles,
        valueField: 'id',
        fetchError: 'Something went wrong. Please try again',
        levels: [
          { field: 'bodyType', title: 'Body Type' },
          { field: 'length', title: 'Length' },
          { field: 'weight', title: 'Weight' },
        ],
      },
    },
  },
  submit: { create: api.createVehicle },
  submitLabel: { create: 'Add Vehicle' },
  messages: { ...vehicleMessages, fieldOf: { [VEHICLE_EXISTS]: 'ftVehicleId' } },
});

/** A custom vehicle typed by the operator. */
const customVehicleForm = defineForm({
  title: { create: 'Custom vehicle' },
  schema: customVehicleSchema,
  uiSchema: { label: { 'ui:placeholder': 'e.g. 32 ft MXL Closed' } },
  submit: { create: api.createVehicle },
  submitLabel: { create: 'Add Custom Vehicle' },
  messages: { ...vehicleMessages, fieldOf: { [VEHICLE_EXISTS]: 'label' } },
});

/**
 * /vehicle-master: the client's vehicles, as the declaration derives the list (every vehicle of the scope, its
 * delete by `?id=`), in the spec's words, with the standard and custom forms above it.
 */
export const vehiclesList = resourceList(vehicles, registered.vehiclesList, (list) => ({
  ...list,
  columns: [{ title: 'Vehicle', field: 'label', sortable: true }],
  search: { placeholder: 'Search vehicles' },
  fetchError: 'Error while fetching vehicles',
  inlineForms: [standardVehicleForm, customVehicleForm],
  ...(list.remove && {
    remove: {
      ...list.remove,
      confirm: 'Are you sure to delete this vehicle ?',
      success: 'Deleted Vehicle record successfully',
      error: 'Something went wrong. Please try again',
    },
  }),
}));
