import { defineScreens } from '../engine/registry/screenRegistry';
import { toolPageScreen } from './define';

export const tripData = toolPageScreen({
  path: '/utilities/trip-data',
  title: 'Trip Data',
  menu: { label: 'Trip Data', group: 'Utilities', icon: 'route', order: 1 },
});
export const manualPing = toolPageScreen({
  path: '/utilities/insert-manual-ping',
  title: 'Insert A Manual Ping',
  menu: { label: 'Manual Ping', group: 'Utilities', icon: 'waypoint', order: 2 },
});

/** The trip utilities of spec 002 section 2.7 (trip data, manual ping); their configs (`trip-data.ts`) load with their pages. */
export default defineScreens<typeof import('./trip-data')>({ tripData, manualPing });
