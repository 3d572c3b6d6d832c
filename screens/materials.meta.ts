import { defineScreens } from '../engine/registry/screenRegistry';
import { listScreen } from './define';

export const materialsList = listScreen({
  path: '/materialmaster',
  title: 'Materials',
  menu: { label: 'Materials', group: 'Masters', icon: 'material', order: 2 },
});

/** The materials list with its inline create forms (`materials.ts`). */
export default defineScreens<typeof import('./materials')>({ materialsList });
