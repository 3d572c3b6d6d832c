import {
  ROUTE_MASTER_TAKEN,
  routeMasterFormSchema,
  type RouteMasterBody,
  type RouteMasterForm,
} from '../schemas/route-master';
import type { RouteMasterEntry } from '../schemas/api/main';
import { defineForm, defineList } from '../engine/registry/define';
import { api } from './endpoints';
import * as registered from './route-master.meta';
import { parseDayMonthYear } from '../engine/sheet/rowProcessors';
import { deskTimeZone } from '../engine/timeZone';
import { dayStart } from '../schemas/time-format';

type Cost = RouteMasterBody['data'][number];

/** Optional costs of the form: [field, key, unit] each is stored under. */
const OPTIONAL_COSTS = [
  ['loadingFee', 'LOADING_FEE', 'FIXED'],
  ['unloadingFee', 'UNLOADING_FEE', 'FIXED'],
  ['loadingDetentionCost', 'LOADING_DETENTION_COST', 'DAY'],
  ['unloadingDetentionCost', 'UNLOADING_DETENTION_COST', 'DAY'],
] as const;

/** A Valid From day (DD/MM/YYYY, checked by the schema) as the instant it begins in the desk's zone, where it shows. */
const validFromOf = (text: string) => {
  const day = parseDayMonthYear(text);
  return day ? dayStart(day, deskTimeZone()) : Number.NaN;
};

/** Builds the create body: costs as {key, value, unit}, validFrom in epoch ms, STT hours as minutes, load type FTL. */
function routeMasterBody(form: RouteMasterForm): RouteMasterBody {
  const data: Cost[] = [{ key: 'ROUTE_COST', value: form.freightCost, unit: form.unit }];
  for (const [field, key, unit] of OPTIONAL_COSTS) {
    const value = form[field];
    if (typeof value === 'number') data.push({ key, value, unit });
  }
  if (typeof form.stt === 'number') data.push({ key: 'STANDARD_TRANSIT_TIME', value: form.stt * 60, unit: 'FIXED' });
  return {
    partnerId: form.partnerId,
    vehicleId: form.vehicleId,
    materialId: form.materialId,
    validFrom: validFromOf(form.validFrom),
    loadType: 'FTL',
    data,
  };
}

/** The ROUTE_COST value of an entry's cost list. */
const freightCost = (entry: RouteMasterEntry) => entry.data?.find((cost) => cost.key === 'ROUTE_COST')?.value;

/** /route-master: freight rates of the company. */
export const routeMasterList = defineList({
  ...registered.routeMasterList,
  source: api.routeMaster,
  rowKey: 'id',
  columns: [
    { title: 'Transporter', field: 'partnerName', sortable: true },
    { title: 'Route', field: 'routeLabel', sortable: true },
    { title: 'Vehicle Type', field: 'vehicleType', sortable: true },
    { title: 'Material Type', field: 'materialType', sortable: true },
    { title: 'Valid From', field: 'validFrom', kind: 'date', sortable: true, width: 130 },
    { title: 'Freight Cost', field: 'data', kind: 'inr', sortable: true, value: freightCost, width: 140 },
  ],
  search: {
    placeholder: 'Search transporter, route, vehicle or material',
    fields: ['partnerName', 'routeLabel', 'vehicleType', 'materialType'],
  },
  noun: 'entries',
  emptyText: 'No route master entries found for the given selection',
  fetchError: 'Error while fetching details',
  headerButtons: [
    { label: 'Add New Entry', to: '/route-master/add', primary: true },
    { label: 'Upload', to: '/route-master/upload' },
  ],
});

const select = (
  endpoint: (typeof api)[keyof typeof api],
  labelField: string,
  placeholder: string,
  fetchError: string,
) => ({
  'ui:widget': 'remoteSelect',
  'ui:options': { endpoint, labelField, valueField: 'id', placeholder, fetchError },
});

/** A company may have many thousands of routes: the select searches them on the server, a page at a time. */
const routeSelect = {
  'ui:widget': 'remoteSelect',
  'ui:options': {
    ...select(api.routeOptions, 'label', 'Select a route', 'Error while fetching routes data')['ui:options'],
    search: { param: 'q', minChars: 0, byId: 'id' },
    fullWidth: true,
  },
};

/** A consignor may work with hundreds of transporters: the select searches them on the server by name too. */
const transporterSelect = {
  'ui:widget': 'remoteSelect',
  'ui:options': {
    ...select(api.transportersOfConsignor, 'name', 'Select transporter', 'Error while fetching details')['ui:options'],
    search: { param: 'q', minChars: 0, byId: 'id' },
  },
};

/** /route-master/add. */
export const routeMasterForm = defineForm({
  ...registered.routeMasterForm,
  schema: routeMasterFormSchema,
  columns: 3,
  uiSchema: {
    routeId: routeSelect,
    partnerId: transporterSelect,
    vehicleId: select(api.vehicles, 'label', 'Select vehicle type', 'Error while fetching vehicles'),
    materialId: select(api.materials, 'label', 'Select material type', 'Error while fetching materials'),
    unit: { 'ui:widget': 'radio', 'ui:enumNames': ['Per Ton', 'Per Truck'] },
    validFrom: { 'ui:widget': 'date' },
  },
  toSubmission: (form) => ({ body: routeMasterBody(form), query: { routeId: form.routeId } }),
  submit: { create: api.createRouteMaster },
  submitLabel: { create: 'Submit' },
  messages: {
    created: 'Route master added successfully',
    createError: 'Error while adding',
    fieldOf: { [ROUTE_MASTER_TAKEN]: 'routeId' },
  },
  after: '/route-master',
});
