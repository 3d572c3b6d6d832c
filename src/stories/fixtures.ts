/** Story data: what the platform API answers for the demo consignor Tata Steel and its transporters. */
import { combinedName, writeScope, type Scope } from '../../engine/scope/scope';
import { fixtureKey, ok, type ApiFixtures, type ApiRequest } from './storyApi';
import { companyCalls } from '../../schemas/api/company';
import { mainCalls, materialCalls, routeMasterCalls, vehicleCalls } from '../../schemas/api/main';
import { mapCalls } from '../../schemas/api/maps';
import { transporterCalls } from '../../schemas/api/transporters';
import { endpoint } from '../../engine/data/endpoint';
import type { HeaderButton } from '../../engine/list/types';
import { auditCalls } from '../../schemas/api/audit';
import { loggedChange, type AuditEntry } from '../../schemas/audit';

/** Changes of an audit entry as the server lists them: each field with its name in words (schemas/audit.ts). */
const logged = (objectType: string, changes: { field: string; before: string | null; after: string | null }[]) =>
  changes.map((change) => loggedChange(objectType, change));

// ---- Scope (the filter bar's query string) ----

export const tataSteel: Scope = {
  companyId: '1001',
  companyName: 'Tata Steel Limited',
  companyType: 'CONSIGNOR',
  combinedName: combinedName('Tata Steel Limited', 'CONSIGNOR'),
};

export const tataSteelDispatch: Scope = {
  ...tataSteel,
  branchId: '3101',
  branchName: 'Jamshedpur',
  departmentId: '31011',
  departmentName: 'Dispatch',
};

export const vrlLogistics: Scope = {
  companyId: '2001',
  companyName: 'VRL Logistics Limited',
  companyType: 'TRANSPORTER',
  combinedName: combinedName('VRL Logistics Limited', 'TRANSPORTER'),
};

/** A router entry: the path with the scope in its query string, as the filter bar writes it. */
export function at(pathname: string, scope: Scope = {}, extra: Record<string, string> = {}): string {
  const query = writeScope(new URLSearchParams(extra), scope).toString();
  return query ? `${pathname}?${query}` : pathname;
}

// ---- Filter-bar look-ups ----

export const companies = [
  { id: '1001', name: 'Tata Steel Limited', type: 'CONSIGNOR' },
  { id: '1002', name: 'Hindustan Unilever Limited', type: 'CONSIGNOR' },
  { id: '1003', name: 'UltraTech Cement Limited', type: 'CONSIGNOR' },
  { id: '2001', name: 'VRL Logistics Limited', type: 'TRANSPORTER' },
  { id: '2002', name: 'TCI Freight', type: 'TRANSPORTER' },
  { id: '2003', name: 'Gati Limited', type: 'TRANSPORTER' },
] as const;

export const branches: Record<string, { old_branch_id: string; name: string }[]> = {
  '1001': [
    { old_branch_id: '3101', name: 'Jamshedpur' },
    { old_branch_id: '3102', name: 'Kolkata' },
    { old_branch_id: '3103', name: 'Mumbai' },
  ],
  '1002': [
    { old_branch_id: '3201', name: 'Mumbai' },
    { old_branch_id: '3202', name: 'Pune' },
  ],
  '2001': [
    { old_branch_id: '3401', name: 'Hubballi' },
    { old_branch_id: '3402', name: 'Mumbai' },
  ],
};

/** Every branch has Dispatch, Inbound and Finance; old_department_id is the branch id and a digit. */
export const departmentsOf = (branchId: string) =>
  ['Dispatch', 'Inbound', 'Finance'].map((name, i) => ({
    id: `5${branchId}${i + 1}`,
    old_department_id: `${branchId}${i + 1}`,
    name,
  }));

const partner = (id: string) => {
  const company = companies.find((c) => c.id === id)!;
  return { ...company, cbdt: { c: id, b: null, d: null } };
};

/** Partners by company: a consignor's transporters, a transporter's consignors. */
export const partners: Record<string, ReturnType<typeof partner>[]> = {
  '1001': [partner('2001'), partner('2002')],
  '2001': [partner('1001'), partner('1002')],
};

// ---- Places (gazetteer ids, addresses and coordinates as the maps service answers them) ----

const geo = (place_id: string, name: string, formatted_address: string, lat: number, lng: number) => ({
  place_id,
  name,
  formatted_address,
  geometry: { location: { lat, lng } },
});

export const places = {
  pune: geo('in:dist:maharashtra:pune', 'Pune', 'Pune, Maharashtra, India', 18.52043, 73.856744),
  chakan: geo('in:po:410501:chakan', 'Chakan', 'Chakan, Pune, Maharashtra 410501, India', 18.750621, 73.87719),
  mumbai: geo('in:dist:maharashtra:mumbai', 'Mumbai', 'Mumbai, Maharashtra, India', 19.075984, 72.877656),
  taloja: geo('in:po:410208:taloja', 'Taloja', 'Taloja, Raigarh, Maharashtra 410208, India', 19.07376, 73.123159),
  jamshedpur: geo(
    'in:po:831001:jamshedpur',
    'Jamshedpur',
    'Jamshedpur, East Singhbhum, Jharkhand 831001, India',
    22.822903,
    86.21501,
  ),
  adityapur: geo(
    'in:po:831013:adityapur',
    'Adityapur',
    'Adityapur, West Singhbhum, Jharkhand 831013, India',
    22.782412,
    86.159915,
  ),
  kolkata: geo('in:dist:west-bengal:kolkata', 'Kolkata', 'Kolkata, West Bengal, India', 22.572646, 88.363895),
  tala: geo('in:po:700002:tala', 'Tala', 'Tala, Kolkata, West Bengal 700002, India', 22.61894, 88.373169),
  haldia: geo(
    'in:po:721604:haldia',
    'Haldia',
    'Haldia, East Midnapore, West Bengal 721604, India',
    22.066639,
    88.114494,
  ),
  rourkela: geo(
    'in:po:769001:rourkela',
    'Rourkela',
    'Rourkela, Sundergarh, Odisha 769001, India',
    22.226144,
    84.864611,
  ),
};

type Geo = (typeof places)[keyof typeof places];

/** A route end as stored: label, address, code, geofence radius and the geocoder's place. */
export const routeEnd = (place: Geo, label: string, cpCode: string, geofenceRadius = 2) => ({
  label,
  address: place.formatted_address,
  cpCode,
  geofenceRadius,
  google: { place_id: place.place_id, formatted_address: place.formatted_address, geometry: place.geometry },
});

// ---- Company data ----

export const routes = [
  {
    id: 'rt_tsl_pnq_bom',
    code: 'TSL-PNQ-BOM',
    label: 'Pune - Mumbai',
    stt: 240,
    origin: routeEnd(places.chakan, 'Chakan Service Centre', 'TSL-CKN-SC'),
    destination: routeEnd(places.taloja, 'Taloja Service Centre', 'TSL-TLJ-SC', 1.5),
    updatedBy: 'priya.sharma@tatasteel.com',
    updatedAt: 1776688975000,
  },
  {
    id: 'rt_tsl_jsr_ccu',
    code: 'TSL-JSR-CCU',
    label: 'Jamshedpur - Kolkata',
    stt: 480,
    origin: routeEnd(places.jamshedpur, 'Jamshedpur Works', 'TSL-JSR-WORKS', 3),
    destination: routeEnd(places.tala, 'Kolkata Stockyard', 'TSL-CCU-SY'),
    updatedBy: 'anil.kumar@tatasteel.com',
    updatedAt: 1775102462000,
  },
  {
    id: 'rt_tsl_jsr_hal',
    code: 'TSL-JSR-HAL',
    label: 'Jamshedpur - Haldia Port',
    stt: 600,
    origin: routeEnd(places.jamshedpur, 'Jamshedpur Works', 'TSL-JSR-WORKS', 3),
    destination: routeEnd(places.haldia, 'Haldia Dock', 'TSL-HAL-DOCK'),
    updatedBy: 'soumya.das@tatasteel.com',
    updatedAt: 1773830144000,
  },
  {
    id: 'rt_tsl_jsr_rou',
    code: 'TSL-JSR-ROU',
    label: 'Jamshedpur - Rourkela',
    stt: 420,
    origin: routeEnd(places.adityapur, 'Adityapur Yard', 'TSL-ADT-YARD'),
    destination: routeEnd(places.rourkela, 'Rourkela Service Centre', 'TSL-ROU-SC'),
    updatedBy: 'anil.kumar@tatasteel.com',
    updatedAt: 1773292337000,
  },
];

export const vehicles = [
  { id: 'veh_tsl_mxl32', label: '32 ft MXL Closed', ftVehicleId: null },
  { id: 'veh_tsl_sxl32', label: '32 ft SXL Closed', ftVehicleId: null },
  { id: 'veh_tsl_open22', label: 'Open 22 ft 15 MT', ftVehicleId: 'sv-open-22ft-15mt' },
  { id: 'veh_tsl_trailer40', label: 'Trailer 40 ft 28 MT', ftVehicleId: 'sv-trailer-40ft-28mt' },
];

const standard = (id: string, bodyType: string, length: string, weight: number) => ({
  id,
  bodyType,
  length,
  weight: { value: weight, unit: 'MT' },
});

export const standardVehicles = [
  standard('sv-open-17ft-7mt', 'Open', '17 ft', 7),
  standard('sv-open-19ft-9mt', 'Open', '19 ft', 9),
  standard('sv-open-22ft-15mt', 'Open', '22 ft', 15),
  standard('sv-closed-19ft-9mt', 'Closed', '19 ft', 9),
  standard('sv-closed-32ft-7mt', 'Closed', '32 ft', 7),
  standard('sv-closed-32ft-15mt', 'Closed', '32 ft', 15),
  standard('sv-container-40ft-25mt', 'Container', '40 ft', 25),
  standard('sv-trailer-40ft-28mt', 'Trailer', '40 ft', 28),
  standard('sv-trailer-45ft-32mt', 'Trailer', '45 ft', 32),
];

export const materials = [
  { id: 'mat_tsl_coils', label: 'Steel Coils', ftMaterialId: 'mm-steel-coils' },
  { id: 'mat_tsl_tmt', label: 'TMT Bars', ftMaterialId: 'mm-tmt-bars' },
  { id: 'mat_tsl_hr', label: 'HR Sheets', ftMaterialId: 'mm-hr-sheets' },
  { id: 'mat_tsl_galv', label: 'Galvanised Steel Coils', ftMaterialId: null },
];

export const masterMaterials = [
  { id: 'mm-steel-coils', type: 'Steel Coils' },
  { id: 'mm-hr-sheets', type: 'HR Sheets' },
  { id: 'mm-wire-rods', type: 'Wire Rods' },
  { id: 'mm-tmt-bars', type: 'TMT Bars' },
  { id: 'mm-cement-bags', type: 'Cement Bags' },
  { id: 'mm-fly-ash', type: 'Fly Ash' },
];

export const routeMasterEntries = [
  {
    id: 'rm_tsl_1',
    partnerId: '2001',
    partnerName: 'VRL Logistics Limited',
    routeId: 'rt_tsl_jsr_ccu',
    routeLabel: 'Jamshedpur - Kolkata',
    vehicleId: 'veh_tsl_open22',
    vehicleType: 'Open 22 ft 15 MT',
    materialId: 'mat_tsl_coils',
    materialType: 'Steel Coils',
    validFrom: 1774981800000,
    loadType: 'FTL',
    data: [
      { key: 'ROUTE_COST', value: 38500, unit: 'TRUCK' },
      { key: 'LOADING_FEE', value: 1500, unit: 'FIXED' },
      { key: 'STANDARD_TRANSIT_TIME', value: 480, unit: 'FIXED' },
    ],
  },
  {
    id: 'rm_tsl_2',
    partnerId: '2002',
    partnerName: 'TCI Freight',
    routeId: 'rt_tsl_jsr_hal',
    routeLabel: 'Jamshedpur - Haldia Port',
    vehicleId: 'veh_tsl_trailer40',
    vehicleType: 'Trailer 40 ft 28 MT',
    materialId: 'mat_tsl_coils',
    materialType: 'Steel Coils',
    validFrom: 1774981800000,
    loadType: 'FTL',
    data: [{ key: 'ROUTE_COST', value: 1450.5, unit: 'TON' }],
  },
  {
    id: 'rm_tsl_3',
    partnerId: '2001',
    partnerName: 'VRL Logistics Limited',
    routeId: 'rt_tsl_pnq_bom',
    routeLabel: 'Pune - Mumbai',
    vehicleId: 'veh_tsl_mxl32',
    vehicleType: '32 ft MXL Closed',
    materialId: 'mat_tsl_tmt',
    materialType: 'TMT Bars',
    validFrom: 1780252200000,
    loadType: 'FTL',
    data: [
      { key: 'ROUTE_COST', value: 24000, unit: 'TRUCK' },
      { key: 'UNLOADING_DETENTION_COST', value: 2500, unit: 'DAY' },
    ],
  },
];

/** Logos as data URLs, so stories show them without a server. */
const svgUrl = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;

export const logoSvgs = {
  vrl: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="8" fill="#c8102e"/><path d="M8 30h20V16H8zm20-10h7l5 6v4H28z" fill="#fff"/><circle cx="15" cy="33" r="4" fill="#fff"/><circle cx="34" cy="33" r="4" fill="#fff"/></svg>',
  tci: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="8" fill="#0b3d91"/><text x="24" y="30" font-size="14" text-anchor="middle" fill="#fff" font-family="sans-serif">TCI</text></svg>',
};

/** Transporters of the older screens (the transporters service); VRL has a stored logo. */
export const transporters = [
  {
    id: 'trn_tsl_vrl',
    transporterName: 'VRL Logistics',
    branch: 'Jamshedpur',
    contactPerson: 'Ravi Kulkarni',
    phoneNumber: '9845012345',
    address: 'Plot 14, Adityapur Industrial Area',
    city: 'Jamshedpur',
    state: 'Jharkhand',
    uid: 'VRL-JSR-01',
    active: true,
    logoUrl: svgUrl(logoSvgs.vrl),
  },
  {
    id: 'trn_tsl_tci',
    transporterName: 'TCI Freight',
    branch: 'Kolkata',
    contactPerson: 'Sourav Ghosh',
    phoneNumber: '9830056789',
    address: '22 Strand Road',
    city: 'Kolkata',
    state: 'West Bengal',
    uid: 'TCI-CCU-04',
    active: true,
    logoUrl: null,
  },
  {
    id: 'trn_tsl_safex',
    transporterName: 'Safexpress',
    branch: 'Dhanbad',
    contactPerson: 'Manoj Singh',
    phoneNumber: '9431023456',
    address: 'NH-19, Govindpur',
    city: 'Dhanbad',
    state: 'Jharkhand',
    uid: 'SFX-DHN-02',
    active: false,
    logoUrl: null,
  },
];

// ---- Session ----

const base64Url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT (`header.payload.sig`): the console only decodes its claims. */
export const unsignedJwt = (claims: object) => `${base64Url({ alg: 'none', typ: 'JWT' })}.${base64Url(claims)}.sig`;

/** 2100-01-01 in seconds: a session that never times out in a story. */
const FAR_FUTURE = 4102444800;

export const signedInUser = { id: 'usr_ops', name: 'Priya Sharma', email: 'priya.sharma@tatasteel.com' };

/** A login token of Anil Kumar whose password expired on `pwdExp` (YYYY-MM-DD). */
export const loginToken = (pwdExp: string) =>
  unsignedJwt({
    sub: 'usr_expired',
    email: 'anil.kumar@tatasteel.com',
    name: 'Anil Kumar',
    exp: FAR_FUTURE,
    pwd_exp: pwdExp,
  });

// ---- API fixtures (see storyApi.ts for the key format) ----

const search = <T extends { name: string }>(rows: readonly T[], q: string | null) =>
  rows.filter((row) => row.name.toLowerCase().includes((q ?? '').toLowerCase()));

/** What the filter bar's look-ups answer. */
export const lookupApi = {
  [fixtureKey(companyCalls.companySearch)]: ({ query }: ApiRequest) => ok(search(companies, query.get('q'))),
  [fixtureKey(companyCalls.branchSearch)]: ({ query }: ApiRequest) =>
    ok(search(branches[query.get('cId') ?? ''] ?? [], query.get('q'))),
  [fixtureKey(companyCalls.departments)]: ({ query }: ApiRequest) => ok(departmentsOf(query.get('bId') ?? '')),
  [fixtureKey(companyCalls.partners)]: ({ query }: ApiRequest) =>
    ok((partners[query.get('c') ?? ''] ?? []).filter((p) => !query.get('pt') || p.type === query.get('pt'))),
} satisfies ApiFixtures;

/** What the maps service answers: suggestions by substring, details by place id. */
export const mapsApi = {
  [fixtureKey(mapCalls.autocomplete)]: ({ query }: ApiRequest) =>
    ok(
      Object.values(places)
        .filter((p) => p.formatted_address.toLowerCase().includes((query.get('input') ?? '').toLowerCase()))
        .map((p) => ({ place_id: p.place_id, description: p.formatted_address })),
    ),
  [fixtureKey(mapCalls.details)]: ({ query }: ApiRequest) =>
    ok(Object.values(places).find((p) => p.place_id === query.get('place_id')) ?? null),
} satisfies ApiFixtures;

/** The route select's options as the server answers them: the one by id, or those whose label or code has q. */
function routeOptions(query: URLSearchParams) {
  const id = query.get('id');
  const q = (query.get('q') ?? '').toLowerCase();
  return routes
    .filter((r) => (id ? r.id === id : `${r.label}\n${r.code}`.toLowerCase().includes(q)))
    .map(({ id, label, code }) => ({ id, label, code }));
}

/** Every read of the console's screens for Tata Steel; stories spread it and override single keys. */
export const consoleApi = {
  ...lookupApi,
  ...mapsApi,
  [fixtureKey(mainCalls.routes)]: ({ query }: ApiRequest) =>
    ok(query.get('id') ? routes.filter((r) => r.id === query.get('id')) : routes),
  [fixtureKey(mainCalls.routeOptions)]: ({ query }: ApiRequest) => ok(routeOptions(query)),
  [fixtureKey(routeMasterCalls.list)]: ok(routeMasterEntries),
  [fixtureKey(vehicleCalls.list)]: ok(vehicles),
  [fixtureKey(mainCalls.standardVehicles)]: ok(standardVehicles),
  [fixtureKey(materialCalls.list)]: ok(materials),
  [fixtureKey(mainCalls.masterMaterials)]: ok(masterMaterials),
  [fixtureKey(transporterCalls.list)]: ok(transporters),
  [fixtureKey(transporterCalls.byId)]: ({ params }: ApiRequest) =>
    ok(transporters.find((t) => t.id === params.id) ?? null),
} satisfies ApiFixtures;

/** A header drawer of the transporters linked to the company (the header button and drawer stories show it). */
export const linkedTransportersDrawer: Extract<HeaderButton, { drawer: unknown }>['drawer'] = {
  title: 'Transporters linked to this company',
  endpoint: endpoint(companyCalls.partners, { query: { t: 'CONSIGNOR', pt: 'TRANSPORTER' } }),
  rowKey: 'id',
  emptyText: 'No linked transporters',
  columns: [
    { title: 'Transporter', field: 'name' },
    { title: 'Id', field: 'id' },
  ],
};

// ---- Audit log (what the audit calls answer for Tata Steel) ----

/** Entries of Tata Steel's audit log, newest first: an operator's changes and the demo data the system loaded. */
export const auditEntries: AuditEntry[] = [
  {
    id: 412,
    at: 1776688975000,
    branchId: '3101',
    branchName: 'Jamshedpur',
    userId: 'usr_ops',
    userName: 'Priya Sharma',
    userEmail: 'priya.sharma@tatasteel.com',
    call: 'routes.createOrUpdate',
    objectType: 'route',
    objectId: 'rt_tsl_pnq_bom',
    objectName: 'TSL-PNQ-BOM',
    changeSet: null,
    provenance: null,
    action: 'update',
    before: { label: 'Pune - Mumbai', stt: 240 },
    after: { label: 'Pune - Mumbai (Taloja)', stt: 270 },
    changes: logged('route', [
      { field: 'label', before: 'Pune - Mumbai', after: 'Pune - Mumbai (Taloja)' },
      { field: 'stt', before: '240', after: '270' },
    ]),
  },
  {
    id: 411,
    at: 1776688702000,
    branchId: null,
    branchName: null,
    userId: 'usr_ops',
    userName: 'Priya Sharma',
    userEmail: 'priya.sharma@tatasteel.com',
    call: 'alerts.toggleTickets',
    objectType: 'alert',
    objectId: 'alc_tsl_overspeed',
    objectName: 'Overspeeding',
    changeSet: null,
    provenance: null,
    action: 'update',
    before: { extra_context: '[{"ticketing":{"raise_ticket":false}}]' },
    after: { extra_context: '[{"ticketing":{"raise_ticket":true}}]' },
    changes: logged('alert', [{ field: 'extra_context[0].ticketing.raise_ticket', before: 'false', after: 'true' }]),
  },
  {
    id: 405,
    at: 1776602461000,
    branchId: '3102',
    branchName: 'Kolkata',
    userId: 'usr_anil',
    userName: 'Anil Kumar',
    userEmail: 'anil.kumar@tatasteel.com',
    call: 'vehicles.create',
    objectType: 'vehicle',
    objectId: 'veh_tsl_reefer32',
    objectName: '32 ft MXL Reefer',
    changeSet: null,
    provenance: null,
    action: 'insert',
    before: null,
    after: { id: 'veh_tsl_reefer32', label: '32 ft MXL Reefer', company_id: '1001', branch_id: '3102' },
    changes: logged('vehicle', [
      { field: 'branch_id', before: null, after: 'Kolkata (3102)' },
      { field: 'company_id', before: null, after: '1001' },
      { field: 'id', before: null, after: 'veh_tsl_reefer32' },
      { field: 'label', before: null, after: '32 ft MXL Reefer' },
    ]),
  },
  {
    id: 402,
    at: 1776560000000,
    branchId: null,
    branchName: null,
    userId: 'usr_ops',
    userName: 'Priya Sharma',
    userEmail: 'priya.sharma@tatasteel.com',
    call: 'config.copyApply',
    objectType: 'auto_closure',
    objectId: 'acr_tsl_epod',
    objectName: 'EPOD',
    changeSet: 'cs_0b5e1c2a-6f0d-4c55-9d6e-3f1f3a7c9e21',
    provenance: {
      kind: 'copy',
      source: { companyId: '1002', companyName: 'Hindustan Unilever Limited', branchId: '3201', branchName: 'Mumbai' },
      reverts: null,
      proposal: null,
    },
    action: 'insert',
    before: null,
    after: { id: 'acr_tsl_epod', type: 'EPOD', company_id: '1001' },
    changes: logged('auto_closure', [{ field: 'type', before: null, after: 'EPOD' }]),
  },
  {
    id: 398,
    at: 1776516012000,
    branchId: null,
    branchName: null,
    userId: 'usr_anil',
    userName: 'Anil Kumar',
    userEmail: 'anil.kumar@tatasteel.com',
    call: 'materials.delete',
    objectType: 'material',
    objectId: 'mat_tsl_slag',
    objectName: 'Slag',
    changeSet: null,
    provenance: null,
    action: 'delete',
    before: { id: 'mat_tsl_slag', label: 'Granulated Slag', company_id: '1001' },
    after: null,
    changes: logged('material', [
      { field: 'company_id', before: '1001', after: null },
      { field: 'id', before: 'mat_tsl_slag', after: null },
      { field: 'label', before: 'Granulated Slag', after: null },
    ]),
  },
  {
    id: 12,
    at: 1773292337000,
    branchId: null,
    branchName: null,
    userId: null,
    userName: null,
    userEmail: null,
    call: null,
    objectType: 'transporter',
    objectId: 'trn_tsl_vrl',
    objectName: 'VRL Logistics',
    changeSet: null,
    provenance: null,
    action: 'insert',
    before: null,
    after: { id: 'trn_tsl_vrl', transporter_name: 'VRL Logistics', active: true },
    changes: logged('transporter', [
      { field: 'active', before: null, after: 'true' },
      { field: 'id', before: null, after: 'trn_tsl_vrl' },
      { field: 'transporter_name', before: null, after: 'VRL Logistics' },
    ]),
  },
];

/** The audit calls' answers: the entries the query's user, object type and search select, one page of `size`. */
export const auditApi = {
  [fixtureKey(auditCalls.list)]: ({ query }: ApiRequest) => {
    const text = (query.get('q') ?? '').trim().toLowerCase();
    const selected = auditEntries.filter(
      (e) =>
        (!query.get('user') || e.userId === query.get('user')) &&
        (!query.get('type') || e.objectType === query.get('type')) &&
        (!text ||
          JSON.stringify([e.userName, e.userEmail, e.call, e.objectType, e.objectId, e.before, e.after])
            .toLowerCase()
            .includes(text)),
    );
    const page = Number(query.get('page') ?? 1);
    const size = Number(query.get('size') ?? 20);
    return ok({ rows: selected.slice((page - 1) * size, page * size), total: selected.length, page, size });
  },
  /** Tata Steel's configuration counted (the company home). */
  [fixtureKey(auditCalls.summary)]: ok([
    { objectType: 'route', label: 'Routes', count: 4 },
    { objectType: 'place', label: 'Known places', count: 5 },
    { objectType: 'alert', label: 'Alerts', count: 12 },
    { objectType: 'report_schedule', label: 'Report schedules', count: 2 },
    { objectType: 'notification_config', label: 'Notification configurations', count: 6 },
  ]),
  [fixtureKey(auditCalls.users)]: ok([
    { id: 'usr_anil', name: 'Anil Kumar' },
    { id: 'usr_ops', name: 'Priya Sharma' },
  ]),
  [fixtureKey(auditCalls.objectTypes)]: ok([
    { value: 'alert', label: 'Alert' },
    { value: 'material', label: 'Material' },
    { value: 'place', label: 'Known place' },
    { value: 'route', label: 'Route' },
    { value: 'route_master', label: 'Route master' },
    { value: 'transporter', label: 'Transporter' },
    { value: 'vehicle', label: 'Vehicle' },
  ]),
} satisfies ApiFixtures;
