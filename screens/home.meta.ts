import { defineScreens } from '../engine/registry/screenRegistry';
import { toolScreen } from './define';

export const homeScreen = toolScreen('home', {
  path: '/home',
  title: 'Home',
  menu: { label: 'Home', group: 'Home', icon: 'home', order: 0 },
});

/** The company home, where the console opens (`src/home/`), the app's `home` kind. */
export default defineScreens<typeof import('./home')>({ homeScreen });
