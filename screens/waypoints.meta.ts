import { defineScreens } from '../engine/registry/screenRegistry';
import { toolScreen } from './define';

export const waypointEditor = toolScreen('waypoints', {
  path: '/way-point',
  title: 'Route Waypoints',
  menu: { label: 'Waypoints', group: 'Routes', icon: 'waypoint', order: 1.5 },
});

/** The waypoint editor, a bespoke screen (`src/waypoints/`) registered as the app's `waypoints` kind. */
export default defineScreens<typeof import('./waypoints')>({ waypointEditor });
