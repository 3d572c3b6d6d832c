import { defineScreens } from '../engine/registry/screenRegistry';
import { toolScreen } from './define';

export const compareScreen = toolScreen('compare', {
  path: '/compare',
  title: 'Compare and Copy',
  menu: { label: 'Compare and Copy', group: 'Audit', icon: 'compare', order: 2 },
});

/** Two scopes' configuration compared, and copied between with a preview (`src/compare/`), the app's `compare` kind. */
export default defineScreens<typeof import('./compare')>({ compareScreen });
