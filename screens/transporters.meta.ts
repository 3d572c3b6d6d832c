import { defineScreens } from '../engine/registry/screenRegistry';
import { formScreen, listScreen } from './define';

export const transportersList = listScreen({
  path: '/transporters',
  title: 'Transporters',
  menu: { label: 'Transporters', group: 'Masters', icon: 'team', order: 3 },
});
export const transporterForm = formScreen({
  path: '/transporters/add',
  editPath: '/transporters/:id/edit',
  title: { create: 'Add Transporter', edit: 'Update Transporter' },
});

/** The transporters list and form (`transporters.ts`). */
export default defineScreens<typeof import('./transporters')>({ transportersList, transporterForm });
