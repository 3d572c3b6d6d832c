import { defineScreens } from '../engine/registry/screenRegistry';
import { sheetScreen } from './define';

export const consigneeSheet = sheetScreen({ path: '/consignees/upload', title: 'Bulk Consignee Upload' });

/** The consignees' bulk sheet (spec 002 sections 2.2, 4 and 5); its config (`consignees-upload.ts`) loads with its page. */
export default defineScreens<typeof import('./consignees-upload')>({ consigneeSheet });
