import { defineScreens } from '../engine/registry/screenRegistry';
import { listScreen } from './define';

export const eventList = listScreen({
  path: '/event-list',
  title: 'Notification Events',
  menu: { label: 'Events', group: 'Notifications', icon: 'notification', order: 2 },
});

/** The notification events list (spec 002 section 2.3); its config (`event-list.ts`) loads with its page. */
export default defineScreens<typeof import('./event-list')>({ eventList });
