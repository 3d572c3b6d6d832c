import { defineScreens } from '../engine/registry/screenRegistry';
import { toolScreen } from './define';

export const changesScreen = toolScreen('changes', {
  path: '/changes',
  title: 'Changes',
  menu: { label: 'Changes', group: 'Audit', icon: 'changes', order: 3, badge: 'changes' },
});

/** Changes proposed, reviewed by a second desk and applied now or at a time (`src/changes/`), the app's `changes` kind. */
export default defineScreens<typeof import('./changes')>({ changesScreen });
