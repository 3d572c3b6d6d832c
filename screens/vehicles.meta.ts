import { defineScreens } from '../engine/registry/screenRegistry';
import { listScreen } from './define';

export const vehiclesList = listScreen({
  path: '/vehicle-master',
  title: 'Vehicles',
  menu: { label: 'Vehicles', group: 'Masters', icon: 'truck', order: 1 },
});

/** The vehicles list with its inline create forms (`vehicles.ts`). */
export default defineScreens<typeof import('./vehicles')>({ vehiclesList });
