import { defineScreens } from '../engine/registry/screenRegistry';
import { uploadScreen } from './define';

export const bulkUpload = uploadScreen({ path: '/bulk-upload/:component', title: 'Upload' });

/** /bulk-upload/{component} (spec 002 section 2.8): reached from a list's 'Bulk Upload' button, not the menu. */
export default defineScreens<typeof import('./bulk-upload')>({ bulkUpload });
