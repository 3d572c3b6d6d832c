import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { AGGREGATES } from './aggregates';
import { answering, defineCall, SCOPE_IN_QUERY } from './contract';
import { routes } from '../resources/routes';
import { int, list, none, num, shape, str } from './shapes';
import { googlePlaceAnswer } from './embedded';
import { MSG, idField } from '../messages';
import { scopeQuerySchema } from '../scope';
import { BULK_TEXT, allOrNoneField } from '../bulk-rows';
import { scopedIdQuerySchema } from '../lookup';
import { ROUTE_CODE_TAKEN, routeBodySchema } from '../route';
import { routeBulkBodySchema } from '../route-bulk';
import { ROUTE_MASTER_TAKEN, routeMasterBulkBodySchema } from '../route-master';
import { materials } from '../resources/materials';
import { vehicles } from '../resources/vehicles';
import { callsOf } from './resources';
import { routeMaster } from '../resources/route-master';
import { waypoints } from '../resources/waypoints';
import { answerSchemaOf, type ResourceRecord } from '../resource';
import { cursorFields, estimatedMeta, cursorMeta } from '../list-cursor';

const main = { service: 'main', envelope: 'main' } as const;

/** The company scope plus the route a call is about (waypoints, route master create). */
export const routeScopeQuerySchema = {
  ...scopeQuerySchema,
  properties: {
    ...scopeQuerySchema.properties,
    routeId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'Please select route' },
  },
  required: ['c', 'routeId'],
  errorMessage: { required: { c: MSG.selectCompany, routeId: 'Please select route' } },
} as const;

/** The route a call names by `routeId` in its query (waypoints, route master create). */
/** A company's route: its own, or of a branch and department. */
const ROUTE = AGGREGATES.route;
/** A waypoint is its route's: within reach when its route is. */
const WAYPOINT = AGGREGATES.waypoint;

const ownsRoute = [{ aggregate: ROUTE, id: 'query.routeId' }] as const;

/** A bulk body may be large (500 routes with waypoints); larger ones get 413. */
const BULK_BODY_LIMIT = 8 * 1024 * 1024;

/** The company scope of a bulk route create, and whether its rows are stored all or none. */
export const routeBulkQuerySchema = {
  ...scopeQuerySchema,
  properties: { ...scopeQuerySchema.properties, allOrNone: allOrNoneField },
} as const;

/** Texts of the routes list's optional search, paging and sorting. */
export const ROUTE_LIST_MSG = {
  q: 'Search must be text of at most 100 characters',
  page: 'Page must be a whole number from 1 to 100000',
  size: 'Size must be a whole number from 1 to 100',
  sort: 'Sort must be one of label, code, origin, destination, updatedBy, updatedAt',
  order: "Order must be 'asc' or 'desc'",
} as const;

/** The columns the routes list can be sorted by. */
export const ROUTE_SORTS = ['label', 'code', 'origin', 'destination', 'updatedBy', 'updatedAt'] as const;

/**
 * The routes fetch's query: the scope (and id, or routeId, for one route), and optionally a search over label, code,
 * the two addresses and updatedBy (`q`), a page (from 1) of `size` rows and a sort. Sending any of these answers one
 * page (default page 1 of 20, newest first) with the number of matching routes as `total` and the cursor of the page
 * after as `next` beside `data`; `after` (a `next`) reads the page after it through the sort's index.
 */
export const routeListQuerySchema = {
  ...scopeQuerySchema,
  properties: {
    ...scopeQuerySchema.properties,
    id: idField('id'),
    routeId: idField('routeId'),
    q: { type: 'string', maxLength: 100, errorMessage: ROUTE_LIST_MSG.q },
    page: { type: 'integer', minimum: 1, maximum: 100_000, errorMessage: ROUTE_LIST_MSG.page },
    size: { type: 'integer', minimum: 1, maximum: 100, errorMessage: ROUTE_LIST_MSG.size },
    sort: { type: 'string', maxLength: 16, enum: ROUTE_SORTS, errorMessage: ROUTE_LIST_MSG.sort },
    order: { type: 'string', maxLength: 4, enum: ['asc', 'desc'], errorMessage: ROUTE_LIST_MSG.order },
    ...cursorFields,
  },
} as const;

/** How many routes a select is offered at most: one page, so its answer stays small whatever the company holds. */
export const ROUTE_OPTIONS_PAGE = 50;

/** The most route names one look-up call takes (a 550-row freight rate sheet looks its names up in three). */
export const ROUTE_LOOKUP_MAX_NAMES = 200;

/** Texts of the route look-up's body. */
export const ROUTE_LOOKUP_MSG = {
  names: `Send the route names as a list of at most ${ROUTE_LOOKUP_MAX_NAMES} texts of at most 200 characters`,
} as const;

/**
 * The route select's query: the scope, and the text typed (`q`, found in the label or code, any case) or the one
 * route chosen (`id`, shown though it is not on the first page); neither: the first page by label.
 */
export const routeOptionsQuerySchema = {
  ...scopeQuerySchema,
  properties: {
    ...scopeQuerySchema.properties,
    id: idField('id'),
    q: { type: 'string', maxLength: 100, errorMessage: ROUTE_LIST_MSG.q },
  },
} as const;

/** Body of the route look-up: the names a sheet holds, each a route's label or code (any case). */
export const routeLookupBodySchema = {
  type: 'object',
  properties: {
    names: {
      type: 'array',
      maxItems: ROUTE_LOOKUP_MAX_NAMES,
      items: { type: 'string', maxLength: 200, errorMessage: ROUTE_LOOKUP_MSG.names },
      errorMessage: { type: ROUTE_LOOKUP_MSG.names, maxItems: ROUTE_LOOKUP_MSG.names },
    },
  },
  required: ['names'],
  additionalProperties: false,
  errorMessage: { required: { names: ROUTE_LOOKUP_MSG.names } },
} as const;

/** The texts of a waypoint reorder that does not name each of the route's waypoints once. */
export const WAYPOINT_ORDER_MSG = {
  ids: "Send the ids of the route's waypoints in their new order",
  mismatch: 'The list must name each waypoint of the route exactly once',
} as const;

/** Body of the waypoint reorder: the route's waypoint ids in their new order (the sequence becomes 1..n). */
export const waypointOrderBodySchema = {
  type: 'object',
  properties: {
    ids: {
      type: 'array',
      // Far above any route's waypoints (a bulk route row holds at most 98).
      maxItems: 1000,
      items: { type: 'string', minLength: 1, maxLength: 64, errorMessage: WAYPOINT_ORDER_MSG.ids },
      errorMessage: { type: WAYPOINT_ORDER_MSG.ids, maxItems: WAYPOINT_ORDER_MSG.mismatch },
    },
  },
  required: ['ids'],
  errorMessage: { required: { ids: WAYPOINT_ORDER_MSG.ids } },
} as const;

/** One of two answers: a bulk row's id, or why it was not stored. */
const either = <const A extends JSONSchema, const B extends JSONSchema>(a: A, b: B) => ({ anyOf: [a, b] }) as const;

export type { StoredPlace } from './embedded';

/** A route as the calls answer it, from its declaration: code always present (empty when none), stt in minutes or null, the ends as stored. */
export const routeAnswer = answerSchemaOf(routes);

/** A route as the calls answer it. */
export type Route = ResourceRecord<typeof routes>;

/** A route as a select offers it: what names it, without its places (a page of them stays a few KB). */
export const routeOptionAnswer = shape({ id: str, label: str, code: { ...str, description: "'' when none" } });

/** A route as a select offers it. */
export type RouteOption = FromSchema<typeof routeOptionAnswer>;

/** A waypoint as the calls answer it: the stored place with its id and sequence (from 1). */
export const waypointAnswer = shape({
  id: str,
  label: str,
  address: str,
  cpCode: str,
  geofenceRadius: num,
  google: googlePlaceAnswer,
  sequence: { ...int, description: 'Position in the route, from 1' },
});

/** A waypoint as the calls answer it. */
export type Waypoint = FromSchema<typeof waypointAnswer>;

/** One row's answer of the bulk route create: the new route's id, or why it was not stored. */
export const routeBulkResultAnswer = either(shape({ routeId: str }), shape({ error: str }));

/** One row's answer of the bulk route create. */
export type RouteBulkResult = FromSchema<typeof routeBulkResultAnswer>;

/** One row's answer of the bulk freight rate create: the new entry's id, or why it was not stored. */
export const routeMasterBulkResultAnswer = either(shape({ id: str }), shape({ error: str }));

/** One row's answer of the bulk freight rate create. */
export type RouteMasterBulkResult = FromSchema<typeof routeMasterBulkResultAnswer>;

/** A standard vehicle: body type, length and weight. */
export const standardVehicleAnswer = shape({
  id: str,
  bodyType: str,
  length: str,
  weight: shape({ value: num, unit: str }),
});

/** A standard vehicle. */
export type StandardVehicle = FromSchema<typeof standardVehicleAnswer>;

/** A vehicle of the company: its label, and the standard vehicle it is (null: a custom one). */
export type CompanyVehicle = ResourceRecord<typeof vehicles>;

/** A master material. */
export const masterMaterialAnswer = shape({ id: str, type: str });

/** A master material. */
export type MasterMaterial = FromSchema<typeof masterMaterialAnswer>;

/** A material of the company: its label, and the master material it is (null: a custom one). */
export type CompanyMaterial = ResourceRecord<typeof materials>;

/** A route's waypoints' calls, built from their declaration (schemas/resources/waypoints.ts). */
export const waypointCalls = callsOf(waypoints);

/** The main API's master data of spec 000 section 7 (routes, waypoints, route master, vehicles, materials), in the `{success, data, message[]}` envelope. */
export const mainCalls = {
  routes: answering<Route[]>()({
    ...main,
    id: 'routes.fetch',
    etag: true,
    method: 'GET',
    path: '/saas/lego/company_routes/fetch',
    summary:
      "The scope's routes, newest first, or one route by id; with q, page, size, sort, order or after one page of them, the cursor of the next and (by page number) their total",
    querystring: routeListQuerySchema,
    answer: list(routeAnswer),
    meta: {
      total: { ...int, description: 'How many routes match (a page read by number only)' },
      ...estimatedMeta,
      ...cursorMeta,
    },
    unserialized:
      'The list (and a page) is JSON that PostgreSQL builds (json_agg) and is sent as it comes: a list of thousands of routes is neither parsed nor serialized again',
    scope: SCOPE_IN_QUERY,
    owns: [
      { aggregate: ROUTE, id: 'query.id' },
      { aggregate: ROUTE, id: 'query.routeId' },
    ],
  }),
  routeOptions: defineCall({
    ...main,
    id: 'routes.options',
    method: 'GET',
    path: '/saas/lego/company_routes/options',
    summary: `A route select's options: id, label and code of at most ${ROUTE_OPTIONS_PAGE} of the scope's routes by label, those whose label or code contains q (those whose label begins with it first), or the one named by id`,
    querystring: routeOptionsQuerySchema,
    answer: list(routeOptionAnswer),
    scope: SCOPE_IN_QUERY,
    owns: [{ aggregate: ROUTE, id: 'query.id' }],
  }),
  lookupRoutes: defineCall({
    ...main,
    id: 'routes.lookup',
    method: 'POST',
    path: '/saas/lego/company_routes/lookup',
    summary: `The scope's routes whose label or code is one of the names (any case; at most ${ROUTE_LOOKUP_MAX_NAMES} a call): id, label and code, for a sheet that names routes`,
    querystring: scopeQuerySchema,
    body: routeLookupBodySchema,
    messages: [ROUTE_LOOKUP_MSG.names],
    answer: list(routeOptionAnswer),
    scope: SCOPE_IN_QUERY,
  }),
  saveRoute: answering<Route>()({
    ...main,
    id: 'routes.createOrUpdate',
    method: 'POST',
    path: '/saas/lego/company_routes/create_or_update',
    summary: 'Creates a route, or updates the one named by id (409 when the company has a route with that code)',
    querystring: scopeQuerySchema,
    body: routeBodySchema,
    messages: [ROUTE_CODE_TAKEN],
    answers: { 409: ROUTE_CODE_TAKEN },
    versioned: true,
    answer: routeAnswer,
    scope: SCOPE_IN_QUERY,
    owns: [{ aggregate: ROUTE, id: 'body.id' }],
  }),
  createRoutes: defineCall({
    ...main,
    id: 'routes.create',
    method: 'POST',
    path: '/saas/lego/company_routes/create',
    summary:
      'Bulk route create: one answer per row (routeId or error); allOrNone stores all rows or answers 400 naming the failed ones',
    querystring: routeBulkQuerySchema,
    body: routeBulkBodySchema,
    bodyLimit: BULK_BODY_LIMIT,
    messages: [ROUTE_CODE_TAKEN, BULK_TEXT.unstorable],
    answer: list(routeBulkResultAnswer),
    scope: SCOPE_IN_QUERY,
  }),
  // A route's waypoints in sequence, and one added after its last: built from their declaration
  // (schemas/resources/waypoints.ts).
  waypoints: waypointCalls.list,
  createWaypoint: waypointCalls.create,
  reorderWaypoints: defineCall({
    ...main,
    id: 'waypoints.reorder',
    method: 'POST',
    path: '/saas/lego/company_routes_waypoints/reorder',
    summary:
      "Stores a route's waypoints in the order of ids (sequence 1..n); 400 unless ids are exactly the route's waypoints",
    querystring: routeScopeQuerySchema,
    body: waypointOrderBodySchema,
    messages: [WAYPOINT_ORDER_MSG.mismatch],
    answer: list(waypointAnswer),
    scope: SCOPE_IN_QUERY,
    owns: ownsRoute,
  }),
  deleteWaypoint: defineCall({
    ...main,
    id: 'waypoints.delete',
    method: 'DELETE',
    path: '/saas/lego/company_routes_waypoints/delete',
    summary: 'Deletes a waypoint and renumbers the rest',
    querystring: scopedIdQuerySchema,
    answer: none,
    scope: SCOPE_IN_QUERY,
    owns: [{ aggregate: WAYPOINT, id: 'query.id' }],
  }),

  createRouteMasters: defineCall({
    ...main,
    id: 'routeMaster.bulkCreate',
    method: 'POST',
    path: '/saas/lego/company_routes_master/bulk_create',
    summary:
      "Bulk freight rates: one answer per row ({id} or {error}); each row's route, transporter, vehicle and material must be the company's, and a rate the scope (or an earlier row) has is refused",
    querystring: scopeQuerySchema,
    body: routeMasterBulkBodySchema,
    bodyLimit: BULK_BODY_LIMIT,
    messages: [ROUTE_MASTER_TAKEN, BULK_TEXT.unstorable],
    answer: list(routeMasterBulkResultAnswer),
    scope: SCOPE_IN_QUERY,
  }),

  standardVehicles: defineCall({
    ...main,
    id: 'vehicles.standard',
    method: 'GET',
    path: '/saas/lego/static_data/vehicles/fetch',
    summary: 'The standard vehicles',
    answer: list(standardVehicleAnswer),
  }),

  masterMaterials: defineCall({
    ...main,
    id: 'materials.master',
    method: 'GET',
    path: '/saas/lego/static_data/materials/fetch',
    summary: 'The master materials',
    answer: list(masterMaterialAnswer),
  }),
};

/**
 * The company's vehicles and materials of spec 000 section 7 (fetch, create, delete), built from their declarations
 * (schemas/resources/vehicles.ts, materials.ts) and routed with every declared resource's calls.
 */
export const vehicleCalls = callsOf(vehicles);
export const materialCalls = callsOf(materials);

/** The route master's list and create (freight rates), built from its declaration (schemas/resources/route-master.ts). */
export const routeMasterCalls = callsOf(routeMaster);

/** A freight rate as the list answers it, from its declaration. */
export type RouteMasterEntry = ResourceRecord<typeof routeMaster>;
