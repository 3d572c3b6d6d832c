import { defineScreens } from '../engine/registry/screenRegistry';
import { formScreen, listScreen } from './define';

export const knownPlacesList = listScreen({
  path: '/known-places',
  title: 'Known Places',
  menu: { label: 'Known Places', group: 'Routes', icon: 'place', order: 4 },
});
export const knownPlaceForm = formScreen({
  path: '/known-places/add',
  editPath: '/known-places/:id/edit',
  title: { create: 'Add a new known place', edit: 'Update known place' },
});

/** The known places list and form (spec 000 section 2.10); their configs (`known-places.ts`) load with their pages. */
export default defineScreens<typeof import('./known-places')>({ knownPlacesList, knownPlaceForm });
