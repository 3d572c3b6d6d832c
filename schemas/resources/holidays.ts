import { defineResource } from '../resource';

/**
 * A company's holiday calendar (ours, issue 35's proof of `defineResource`): the days a branch does not work, and
 * whether its trips raise no alerts that day. Declared once; its calls, SQL, routes, audit, Compare and Copy,
 * export, seed and screens come from this.
 */
export const holidays = defineResource({
  name: 'holidays',
  objectType: 'holiday',
  table: 'holidays',
  idPrefix: 'hol',
  noun: 'holiday',
  plural: 'holidays',
  title: 'Holiday Calendar',
  path: '/saas/lego/holidays',
  screen: '/holiday-calendar',
  reach: 'branch',
  fields: {
    name: {
      column: 'name',
      label: 'Name',
      sql: 'text',
      required: true,
      search: true,
      sort: true,
      schema: {
        type: 'string',
        minLength: 1,
        maxLength: 100,
        pattern: '\\S',
        errorMessage: 'Name must be 1 to 100 characters',
      },
    },
    date: {
      column: 'holiday_date',
      label: 'Date',
      sql: 'date',
      required: true,
      sort: true,
      kind: 'date',
      schema: { type: 'string', maxLength: 10, format: 'date', errorMessage: 'Date must be a day (YYYY-MM-DD)' },
    },
    region: {
      column: 'region',
      label: 'Region',
      sql: 'text',
      required: true,
      search: true,
      sort: true,
      help: 'The state or area the holiday is kept in, or All India',
      schema: {
        type: 'string',
        minLength: 1,
        maxLength: 60,
        pattern: '\\S',
        errorMessage: 'Region must be 1 to 60 characters',
      },
    },
    noAlerts: {
      column: 'no_alerts',
      label: 'No alerts that day',
      sql: 'boolean',
      required: true,
      kind: 'boolean',
      schema: { type: 'boolean', errorMessage: 'No alerts that day must be true or false' },
    },
  },
  naturalKey: ['date', 'region'],
  taken: 'A holiday on that date for that region already exists',
  label: ['name', 'date'],
  order: { field: 'date' },
  compare: true,
  export: true,
  seed: [
    {
      id: 'hol_tsl_diwali',
      company: '1001',
      values: { name: 'Diwali', date: '2026-11-08', region: 'All India', noAlerts: true },
    },
    {
      id: 'hol_tsl_holi',
      company: '1001',
      values: { name: 'Holi', date: '2027-03-22', region: 'All India', noAlerts: false },
    },
    {
      id: 'hol_tsl_karam',
      company: '1001',
      branch: '3101',
      values: { name: 'Karam Puja', date: '2026-09-12', region: 'Jharkhand', noAlerts: true },
    },
  ],
  menu: { label: 'Holiday Calendar', group: 'Settings', icon: 'calendar', order: 9 },
});
