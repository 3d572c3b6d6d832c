import type { CompareConfig } from '../src/compare/config';
import * as registered from './compare.meta';

/** /compare: the company in the filter bar compared with another, area by area, and copied between (issue 24). */
export const compareScreen: CompareConfig = { ...registered.compareScreen };
