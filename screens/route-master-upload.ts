import { isRecord } from '../engine/data/pick';
import { UPLOAD_MSG } from '../schemas/messages';
import { endpoint } from '../engine/data/endpoint';
import { defineSheet } from '../engine/registry/define';
import { dates, lookups, numbers, type LookupOption, type LookupSource } from '../engine/sheet/rowProcessors';
import type { SheetRowResult } from '../engine/sheet/types';
import { mainCalls, ROUTE_LOOKUP_MAX_NAMES, type RouteMasterBulkResult } from '../schemas/api/main';
import { ROUTE_MASTER_MAX_ROWS, ROUTE_MASTER_REF_TEXT, type RouteMasterBody } from '../schemas/route-master';
import { api } from './endpoints';
import * as registered from './route-master-upload.meta';

/** The sheet's columns as an operator fills them; the ids the lookups match go in the four hidden columns. */
export const ROUTE_MASTER_SHEET_COLUMNS = [
  { key: 'Route', width: 200 },
  { key: 'Transporter', width: 200 },
  { key: 'Vehicle Type', width: 170 },
  { key: 'Material Type', width: 150 },
  { key: 'Freight Cost', width: 120 },
  { key: 'Loading Fee', width: 110 },
  { key: 'Unloading Fee', width: 120 },
  { key: 'Loading Detention Charges', width: 200 },
  { key: 'Unloading Detention Charges', width: 210 },
  { key: 'STT (hours)', width: 100 },
  { key: 'Valid From', width: 110 },
  { key: 'routeId', title: 'Route Id', hidden: true },
  { key: 'partnerId', title: 'Transporter Id', hidden: true },
  { key: 'vehicleId', title: 'Vehicle Id', hidden: true },
  { key: 'materialId', title: 'Material Id', hidden: true },
] as const;

type Cost = RouteMasterBody['data'][number];

/** Optional cost columns: [column, key, unit] each is stored under (spec 000 section 3). */
const OPTIONAL_COSTS = [
  ['Loading Fee', 'LOADING_FEE', 'FIXED'],
  ['Unloading Fee', 'UNLOADING_FEE', 'FIXED'],
  ['Loading Detention Charges', 'LOADING_DETENTION_COST', 'DAY'],
  ['Unloading Detention Charges', 'UNLOADING_DETENTION_COST', 'DAY'],
] as const;

/** Options of a list answer: each item's `label` field names it, its `id` is sent. */
const optionsOf =
  (labelFields: readonly string[]) =>
  (data: unknown): LookupOption[] =>
    (Array.isArray(data) ? data.filter(isRecord) : []).flatMap((item) =>
      labelFields.flatMap((field) => {
        const label = item[field];
        return typeof label === 'string' && label ? [{ label, value: String(item.id) }] : [];
      }),
    );

/** A route is named by its label, or by its code; only the sheet's names are looked up (a company has thousands). */
const routes: LookupSource = {
  endpoint: api.lookupRoutes,
  byNames: { batch: ROUTE_LOOKUP_MAX_NAMES, input: (names, { scope }) => ({ scope, body: { names } }) },
  options: optionsOf(['label', 'code']),
};
const transporters: LookupSource = { endpoint: api.transportersOfConsignor, options: optionsOf(['name']) };
const vehicles: LookupSource = { endpoint: api.vehicles, options: optionsOf(['label']) };
const materials: LookupSource = { endpoint: api.materials, options: optionsOf(['label']) };

/** A row after the processors: ids filled, numbers plain (STT in minutes), Valid From in epoch milliseconds. */
function toBulkRow(row: Record<string, string>) {
  const data: Cost[] = [{ key: 'ROUTE_COST', value: Number(row['Freight Cost']), unit: 'FIXED' }];
  for (const [column, key, unit] of OPTIONAL_COSTS)
    if (row[column]) data.push({ key, value: Number(row[column]), unit });
  if (row['STT (hours)']) data.push({ key: 'STANDARD_TRANSIT_TIME', value: Number(row['STT (hours)']), unit: 'FIXED' });
  return {
    routeId: row.routeId,
    partnerId: row.partnerId,
    vehicleId: row.vehicleId,
    materialId: row.materialId,
    validFrom: Number(row['Valid From']),
    loadType: 'FTL' as const,
    data,
  };
}

/** One row's answer: an id is saved, else the server's reason. */
const rowResult = (answer: RouteMasterBulkResult | undefined): SheetRowResult =>
  answer && 'id' in answer ? { ok: true } : { ok: false, message: answer?.error ?? 'Error while adding' };

/** How to fill the sheet: the format workbook's second sheet. */
const HOW_TO_FILL = [
  'Route: the route label (or route code) as listed on /routes, in any case.',
  'Transporter, Vehicle Type, Material Type: names as the company has them (transporters, /vehicle-master, /materialmaster), in any case.',
  'Freight Cost is required; Loading Fee, Unloading Fee and the detention charges (per day) are optional. Numbers greater than 0, commas allowed (38,500).',
  'Freight Cost is stored as a fixed amount per entry; the load type is FTL.',
  'STT (hours): optional standard transit time in hours (stored in minutes).',
  'Valid From: DD/MM/YYYY, e.g. 01/04/2026.',
  `At most ${ROUTE_MASTER_MAX_ROWS} rows.`,
];

/**
 * /route-master/upload (spec 000 sections 2.6, 4, 5 and 9): freight rates, one per row. Route, transporter, vehicle
 * and material are matched case-insensitively to the scope's own (once per submit: the routes the sheet names, the
 * scope's transporters, vehicles and materials), numbers may carry
 * commas, STT is entered in hours and sent in minutes, Valid From is DD/MM/YYYY. Rows that pass go in one bulk call
 * (a few for a long sheet); each row's status is 'Success' or its reason.
 */
export const routeMasterSheet = defineSheet<RouteMasterBulkResult[]>({
  ...registered.routeMasterSheet,
  columns: ROUTE_MASTER_SHEET_COLUMNS,
  maxRows: ROUTE_MASTER_MAX_ROWS,
  spareRows: 1,
  files: { types: ['xlsx', 'csv'], maxMb: 5 },
  draft: true,
  format: {
    label: 'Please Refer Format',
    fileName: 'route-master-format.xlsx',
    example: {
      Route: 'Jamshedpur - Kolkata',
      Transporter: 'VRL Logistics Limited',
      'Vehicle Type': 'Open 22 ft 15 MT',
      'Material Type': 'Steel Coils',
      'Freight Cost': '38,500',
      'Loading Fee': '1,200',
      'Unloading Fee': '',
      'Loading Detention Charges': '2,000',
      'Unloading Detention Charges': '',
      'STT (hours)': '12',
      'Valid From': '01/04/2026',
    },
    lists: [{ name: 'How to fill', values: HOW_TO_FILL }],
  },
  processors: [
    lookups(
      [
        { column: 'Route', target: 'routeId', source: routes, message: ROUTE_MASTER_REF_TEXT.route },
        { column: 'Transporter', target: 'partnerId', source: transporters, message: ROUTE_MASTER_REF_TEXT.partner },
        { column: 'Vehicle Type', target: 'vehicleId', source: vehicles, message: ROUTE_MASTER_REF_TEXT.vehicle },
        { column: 'Material Type', target: 'materialId', source: materials, message: ROUTE_MASTER_REF_TEXT.material },
      ],
      ROUTE_MASTER_REF_TEXT.several,
    ),
    numbers([
      { column: 'Freight Cost', required: true },
      ...OPTIONAL_COSTS.map(([column]) => ({ column })),
      { column: 'STT (hours)', times: 60 },
    ]),
    dates(['Valid From']),
  ],
  submit: {
    endpoint: endpoint(mainCalls.createRouteMasters, { query: { t: 'CONSIGNOR', pt: 'TRANSPORTER' } }),
    input: (rows, { scope }) => ({ scope, body: rows.map(toBulkRow) }),
    results: (data) => (Array.isArray(data) ? data : []).map(rowResult),
    // The whole sheet in one call: the server stores it in chunks of its own, each row under its savepoint.
    chunkSize: ROUTE_MASTER_MAX_ROWS,
  },
  messages: {
    ...UPLOAD_MSG,
    success: () => 'Route master added successfully',
    failure: 'Error while adding',
  },
  back: '/route-master',
});
