import { ROUTE_CODE_TAKEN, routeBodySchema, routeModalSchema, sttHoursSchema } from '../schemas/route';
import type { Route } from '../schemas/api/main';
import { defineForm, defineList } from '../engine/registry/define';
import { api } from './endpoints';
import { waypointsLink } from '../src/waypoints/waypointsLink';
import * as registered from './routes.meta';
import { waypointEditor } from './waypoints.meta';
import { KEYSET_PAGING } from './define';

/** STT travels in minutes and is entered in hours (spec 000 section 9). */
const toHours = (minutes: number | null | undefined) =>
  typeof minutes === 'number' ? Math.round((minutes / 60) * 100) / 100 : undefined;
const toMinutes = (hours: number | null | undefined) => (typeof hours === 'number' ? hours * 60 : null);

/** A route fetched by id comes as a list of one. */
const firstRoute = (data: unknown) => (Array.isArray(data) ? data[0] : data);

/**
 * The route edit modal of the list: label, stt and code, of the route read again by the row's id, and a link to the
 * route's waypoints.
 */
export const routeModal = defineForm({
  title: { create: 'Update Route', edit: 'Update Route' },
  schema: routeModalSchema,
  uiSchema: { stt: { 'ui:placeholder': 'Hours' } },
  load: {
    endpoint: api.routes,
    input: ({ scope, row }) => ({ scope, query: { id: String(row?.id ?? '') } }),
    pick: firstRoute,
    error: 'Error while fetching details',
  },
  toForm: (route: Route) => ({ label: route.label, code: route.code, stt: toHours(route.stt) }),
  // The modal edits a listed route (the record is always there): its id, origin and destination go back as they were.
  toSubmission: (form, { record }) => ({
    body: record && {
      id: record.id,
      origin: record.origin,
      destination: record.destination,
      ...form,
      stt: toMinutes(form.stt),
    },
  }),
  submit: { create: api.saveRoute },
  submitLabel: { create: 'Update', edit: 'Update' },
  parts: [waypointsLink(waypointEditor.path)],
  messages: {
    created: 'Route updated successfully !',
    createError: 'Error while updating',
    fieldOf: { [ROUTE_CODE_TAKEN]: 'code' },
  },
});

/**
 * /routes: the company's routes, newest first. A company can have thousands, so the server searches, sorts and pages
 * them (the spec's call with `q`, `page`, `size`, `sort` and `order`, answering the total beside the rows).
 */
export const routesList = defineList({
  ...registered.routesList,
  source: api.routes,
  rowKey: 'id',
  paging: KEYSET_PAGING,
  search: { placeholder: 'Search label, code, places or user' },
  noun: 'routes',
  columns: [
    { title: 'Loading Point', field: 'origin.address', sortKey: 'origin' },
    { title: 'Unloading Point', field: 'destination.address', sortKey: 'destination' },
    { title: 'Route Label', field: 'label', sortKey: 'label', width: 125 },
    { title: 'Route Code', field: 'code', sortKey: 'code', width: 120 },
    { title: 'Updated By', field: 'updatedBy', sortKey: 'updatedBy', width: 125 },
    { title: 'Time Stamp', field: 'updatedAt', kind: 'datetime', sortable: true, sortKey: 'updatedAt', width: 185 },
  ],
  emptyText: 'No routes found for the given selection',
  fetchError: 'Error while fetching routes data',
  headerButtons: [
    { label: 'Add Route', to: '/routes/add', primary: true },
    { label: 'Upload', to: '/routes/upload' },
  ],
  edit: { to: '/routes/:id/edit', modal: routeModal },
});

/** /routes/add and /routes/{id}/edit. */
export const routeForm = defineForm({
  ...registered.routeForm,
  schema: {
    ...routeBodySchema,
    properties: {
      ...routeBodySchema.properties,
      stt: { ...sttHoursSchema, type: ['number', 'null'], title: 'STT (hours)' },
    },
  },
  columns: 3,
  uiSchema: {
    'ui:order': ['label', 'code', 'stt', 'origin', 'destination', '*'],
    id: { 'ui:widget': 'hidden' },
    label: { 'ui:placeholder': 'e.g. Pune - Mumbai' },
    code: { 'ui:title': 'Route Code' },
    origin: { 'ui:field': 'place', 'ui:title': 'Loading Point', 'ui:options': { fullWidth: true } },
    destination: { 'ui:field': 'place', 'ui:title': 'Unloading Point', 'ui:options': { fullWidth: true } },
  },
  load: {
    endpoint: api.routes,
    input: ({ scope, params }) => ({ scope, query: { id: params.id } }),
    pick: firstRoute,
    error: 'Error while fetching details',
  },
  toForm: (route: Route) => ({
    id: route.id,
    label: route.label,
    code: route.code,
    stt: toHours(route.stt),
    origin: route.origin,
    destination: route.destination,
  }),
  toSubmission: (form, { params }) => ({ body: { ...form, id: params.id, stt: toMinutes(form.stt) } }),
  submit: { create: api.saveRoute, update: api.saveRoute },
  submitLabel: { create: 'Add Route', edit: 'Update Route' },
  parts: [waypointsLink(waypointEditor.path)],
  messages: {
    created: 'Routes added successfully !',
    updated: 'Routes updated successfully !',
    createError: 'Error while adding',
    updateError: 'Error while updating',
    fieldOf: { [ROUTE_CODE_TAKEN]: 'code' },
  },
  after: '/routes',
});
