import { MATERIAL_EXISTS, customMaterialSchema, masterMaterialSchema } from '../schemas/material';
import { defineForm } from '../engine/registry/define';
import { materials } from '../schemas/resources/materials';
import { api } from './endpoints';
import { resourceList } from './resources';
import * as registered from './materials.meta';

// A refusal with the server's words ('Material already exists') is toasted by the HTTP layer alone; the generic
// error is for a failure without them. The main family's success carries no message, so 'Submitted successfully' stays.
const materialMessages = {
  created: 'Submitted successfully',
  createError: 'Error while adding material',
  preferServer: true,
};

/** A material picked from the master list. */
const masterMaterialForm = defineForm({
  title: { create: 'Master material' },
  schema: masterMaterialSchema,
  uiSchema: {
    ftMaterialId: {
      'ui:widget': 'remoteSelect',
      'ui:options': {
        endpoint: api.masterMaterials,
        labelField: 'type',
        valueField: 'id',
        placeholder: 'Select master material',
        fetchError: 'Error while fetching all materials',
      },
    },
  },
  submit: { create: api.createMaterial },
  submitLabel: { create: 'Add Material' },
  messages: { ...materialMessages, fieldOf: { [MATERIAL_EXISTS]: 'ftMaterialId' } },
});

/** A free-text material. */
const customMaterialForm = defineForm({
  title: { create: 'Custom material' },
  schema: customMaterialSchema,
  uiSchema: { label: { 'ui:placeholder': 'e.g. Galvanised Steel Coils' } },
  submit: { create: api.createMaterial },
  submitLabel: { create: 'Add Custom Material' },
  messages: { ...materialMessages, fieldOf: { [MATERIAL_EXISTS]: 'label' } },
});

/**
 * /materialmaster: the client's materials, as the declaration derives the list (every material of the scope, its
 * delete by `?id=`), in the spec's words, with the master and custom forms above it.
 */
export const materialsList = resourceList(materials, registered.materialsList, (list) => ({
  ...list,
  columns: [{ title: 'Material', field: 'label', sortable: true }],
  search: { placeholder: 'Search materials' },
  fetchError: 'Error while fetching company specific materials',
  inlineForms: [masterMaterialForm, customMaterialForm],
  ...(list.remove && { remove: { ...list.remove, confirm: 'Are you sure to delete this material ?' } }),
}));
