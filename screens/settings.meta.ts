import { defineScreens } from '../engine/registry/screenRegistry';
import { formScreen } from './define';

export const mapViewForm = formScreen({
  path: '/utilities/enable-map-view',
  title: { create: 'Enable Map View' },
  menu: { label: 'Enable Map View', group: 'Settings', icon: 'waypoint', order: 10 },
});
export const lastMileForm = formScreen({
  path: '/utilities/last-mile-threshold',
  title: { create: 'Last Mile Threshold' },
  menu: { label: 'Last Mile Threshold', group: 'Settings', icon: 'place', order: 11 },
});
export const etaForm = formScreen({
  path: '/utilities/eta-preferences',
  title: { create: 'ETA Preferences' },
  menu: { label: 'ETA Preferences', group: 'Settings', icon: 'autoClosure', order: 12 },
});
export const epodForm = formScreen({
  path: '/epod-configuration',
  title: { create: 'EPOD Configuration' },
  menu: { label: 'EPOD Configuration', group: 'Settings', icon: 'truck', order: 13 },
});

/** The three per-company settings and the local-only EPOD page (`settings.ts`). */
export default defineScreens<typeof import('./settings')>({ mapViewForm, lastMileForm, etaForm, epodForm });
