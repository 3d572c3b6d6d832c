import { defineScreens } from '../engine/registry/screenRegistry';
import { sheetScreen } from './define';

export const routeMasterSheet = sheetScreen({ path: '/route-master/upload', title: 'Route Master Upload' });

/** The route master's bulk sheet (spec 000 sections 2.6, 4 and 5); its config (`route-master-upload.ts`) loads with its page. */
export default defineScreens<typeof import('./route-master-upload')>({ routeMasterSheet });
