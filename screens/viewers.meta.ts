import { defineScreens } from '../engine/registry/screenRegistry';
import { toolPageScreen } from './define';

export const alertConfiguration = toolPageScreen({
  path: '/alert-configuration',
  title: 'Alert Configuration',
  menu: { label: 'Alert Configuration', group: 'Utilities', icon: 'alert', order: 3 },
});
export const configurations = toolPageScreen({
  path: '/configurations',
  title: 'Config Viewer',
  menu: { label: 'Config Viewer', group: 'Utilities', icon: 'default', order: 4 },
});
export const entityDetail = toolPageScreen({
  path: '/entity-detail',
  title: 'Entity Detail',
  menu: { label: 'Entity Detail', group: 'Utilities', icon: 'team', order: 5 },
});

/** The viewers of spec 002 section 2.7 (alert configuration, configurations, entity detail); their configs (`viewers.ts`) load with their pages. */
export default defineScreens<typeof import('./viewers')>({ alertConfiguration, configurations, entityDetail });
