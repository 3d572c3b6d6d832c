import { defineScreens } from '../engine/registry/screenRegistry';
import { sheetScreen } from './define';

export const knownPlaceSheet = sheetScreen({ path: '/known-places/upload', title: 'Bulk Known Place Upload' });

/** The known places' bulk sheet (spec 000 sections 2.10, 4 and 5); its config (`known-places-upload.ts`) loads with its page. */
export default defineScreens<typeof import('./known-places-upload')>({ knownPlaceSheet });
