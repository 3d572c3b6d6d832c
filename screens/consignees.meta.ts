import { defineScreens } from '../engine/registry/screenRegistry';
import { formScreen, listScreen } from './define';

export const consigneesList = listScreen({
  path: '/consignees',
  title: 'Consignees',
  menu: { label: 'Consignees', group: 'Masters', icon: 'team', order: 3.5 },
});
export const consigneeForm = formScreen({
  path: '/consignees/add',
  editPath: '/consignees/:id/edit',
  title: { create: 'Add a new consignee', edit: 'Update consignee' },
});

/** The consignee list and form (spec 002 section 2.2); their configs (`consignees.ts`) load with their pages. */
export default defineScreens<typeof import('./consignees')>({ consigneesList, consigneeForm });
