import { defineScreens } from '../engine/registry/screenRegistry';
import { formScreen, listScreen } from './define';

export const dailySummaryList = listScreen({
  path: '/sputnik-daily-summary',
  title: 'Daily Summary Report',
  menu: { label: 'Daily Summary Report', group: 'Reports', icon: 'report', order: 1 },
});
export const dailySummaryForm = formScreen({
  path: '/sputnik-daily-summary/add',
  editPath: '/sputnik-daily-summary/edit/:id',
  title: { create: 'Set SputNik Daily Summary Report' },
});
export const exceptionList = listScreen({
  path: '/exception-report',
  title: 'Exception Report',
  menu: { label: 'Exception Report', group: 'Reports', icon: 'report', order: 2 },
});
export const exceptionForm = formScreen({
  path: '/exception-report/add',
  editPath: '/exception-report/edit/:id',
  title: { create: 'Set Exception Report', edit: 'Update Exception Report' },
});

/** The daily summary and exception report schedules (`report-schedules.ts`). */
export default defineScreens<typeof import('./report-schedules')>({
  dailySummaryList,
  dailySummaryForm,
  exceptionList,
  exceptionForm,
});
