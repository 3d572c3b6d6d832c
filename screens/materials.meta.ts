import { defineScreens } from '../engine/registry/screenRegistry';
import { materials } from '../schemas/resources/materials';
import { resourceScreens } from './resources.meta';

/** /materialmaster, in the menu under Masters, as the declaration says. */
export const materialsList = resourceScreens(materials).list;

/** The materials list with its inline create forms (`materials.ts`). */
export default defineScreens<typeof import('./materials')>({ materialsList });
