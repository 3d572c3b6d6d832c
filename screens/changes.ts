import type { ChangesConfig } from '../src/changes/config';
import * as registered from './changes.meta';

/** /changes: the company's proposals, each reviewed by a second desk and applied now or at a time (issue 39). */
export const changesScreen: ChangesConfig = { ...registered.changesScreen };
