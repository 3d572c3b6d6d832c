import { defineScreens } from '../engine/registry/screenRegistry';
import { transporters } from '../schemas/resources/transporters';
import { formScreen } from './define';
import { resourceScreens } from './resources.meta';

const derived = resourceScreens(transporters);

/** /transporters, in the menu under Masters, as the declaration says. */
export const transportersList = derived.list;
/** The form's titles in the spec's words. */
export const transporterForm = formScreen({
  ...derived.form,
  title: { create: 'Add Transporter', edit: 'Update Transporter' },
});

/** The transporters list and form (`transporters.ts`). */
export default defineScreens<typeof import('./transporters')>({ transportersList, transporterForm });
