import { defineScreens } from '../engine/registry/screenRegistry';
import { vehicles } from '../schemas/resources/vehicles';
import { resourceScreens } from './resources.meta';

/** /vehicle-master, in the menu under Masters, as the declaration says. */
export const vehiclesList = resourceScreens(vehicles).list;

/** The vehicles list with its inline create forms (`vehicles.ts`). */
export default defineScreens<typeof import('./vehicles')>({ vehiclesList });
