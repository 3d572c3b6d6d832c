import { defineScreens } from '../engine/registry/screenRegistry';
import { sheetScreen } from './define';

export const routesSheet = sheetScreen({ path: '/routes/upload', title: 'Bulk Route Upload' });

/** The routes' bulk sheet (spec 000 sections 2.4, 4 and 5); its config (`routes-upload.ts`) loads with its page. */
export default defineScreens<typeof import('./routes-upload')>({ routesSheet });
