import type { HomeConfig } from '../src/home/config';
import { hasScreen } from '../schemas/resource';
import { ALL_RESOURCES } from '../schemas/resources';
import * as registered from './home.meta';

/**
 * /home: the company's name, how many records of each kind of its configuration it keeps (each linking to its
 * screen), and its latest changes (issue "Operators ... continuity"); without a company, the company picker.
 */
export const homeScreen: HomeConfig = {
  ...registered.homeScreen,
  areas: [
    // Each declared resource's, at its list.
    ...ALL_RESOURCES.filter(hasScreen).map((resource) => ({ objectType: resource.objectType, path: resource.screen })),
  ],
  auditPath: '/audit-log',
  recent: 5,
};
