import { defineCall } from './contract';
import { ANSWERS } from './answers';
import { MSG } from '../messages';
import { scopeQuerySchema } from '../scope';
import { BULK_TEXT, allOrNoneField } from '../bulk-rows';
import { scopedIdQuerySchema } from '../lookup';
import { ROUTE_CODE_TAKEN, routeBodySchema } from '../route';
import { routeBulkBodySchema, waypointBodySchema } from '../route-bulk';
import { ROUTE_MASTER_TAKEN, routeMasterBodySchema, routeMasterBulkBodySchema } from '../route-master';
import { VEHICLE_EXISTS, vehicleCreateSchema } from '../vehicle';
import { MATERIAL_EXISTS, materialCreateSchema } from '../material';

const main = { service: 'main', envelope: 'main' } as const;

/** The company scope plus the route a call is about (waypoints, route master create). */
export const routeScopeQuerySchema = {
  ...scopeQuerySchema,
  properties: { ...scopeQuerySchema.properties, routeId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'Please select route' } },
  required: ['c', 'routeId'],
  errorMessage: { required: { c: MSG.selectCompany, routeId: 'Please select route' } },
} as const;

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
 * The routes fetch's query: the scope (and id for one route), and optionally a search over label, code, the two
 * addresses and updatedBy (`q`), a page (from 1) of `size` rows and a sort. Sending any of these answers one page
 * (default page 1 of 20, newest first) with the number of matching routes as `total` beside `data`.
 */
export const routeListQuerySchema = {
  ...scopeQuerySchema,
  properties: {
    ...scopeQuerySchema.properties,
    q: { type: 'string', maxLength: 100, errorMessage: ROUTE_LIST_MSG.q },
    page: { type: 'integer', minimum: 1, maximum: 100_000, errorMessage: ROUTE_LIST_MSG.page },
    size: { type: 'integer', minimum: 1, maximum: 100, errorMessage: ROUTE_LIST_MSG.size },
    sort: { type: 'string', maxLength: 16, enum: ROUTE_SORTS, errorMessage: ROUTE_LIST_MSG.sort },
    order: { type: 'string', maxLength: 4, enum: ['asc', 'desc'], errorMessage: ROUTE_LIST_MSG.order },
  },
} as const;

/** The texts of a waypoint reorder that does not name each of the route's waypoints once. */
export const WAYPOINT_ORDER_MSG = {
  ids: 'Send the ids of the route\'s waypoints in their new order',
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

/** The main API's master data of spec 000 section 7 (routes, waypoints, route master, vehicles, materials), in the `{success, data, message[]}` envelope. */
export const mainCalls = {
  routes: defineCall({ ...main, id: 'routes.fetch', method: 'GET', path: '/saas/lego/company_routes/fetch', summary: "The scope's routes, newest first, or one route by id; with q, page, size, sort or order one page of them and their total", querystring: routeListQuerySchema }),
  saveRoute: defineCall({ ...main, id: 'routes.createOrUpdate', method: 'POST', path: '/saas/lego/company_routes/create_or_update', summary: 'Creates a route, or updates the one named by id (409 when the company has a route with that code)', querystring: scopeQuerySchema, body: routeBodySchema, messages: [ROUTE_CODE_TAKEN], answers: { 409: ROUTE_CODE_TAKEN, 412: ANSWERS.stale } }),
  createRoutes: defineCall({ ...main, id: 'routes.create', method: 'POST', path: '/saas/lego/company_routes/create', summary: 'Bulk route create: one answer per row (routeId or error); allOrNone stores all rows or answers 400 naming the failed ones', querystring: routeBulkQuerySchema, body: routeBulkBodySchema, bodyLimit: BULK_BODY_LIMIT, messages: [ROUTE_CODE_TAKEN, BULK_TEXT.unstorable] }),
  waypoints: defineCall({ ...main, id: 'waypoints.fetch', method: 'GET', path: '/saas/lego/company_routes_waypoints/fetch', summary: "A route's waypoints in sequence", querystring: routeScopeQuerySchema }),
  createWaypoint: defineCall({ ...main, id: 'waypoints.create', method: 'POST', path: '/saas/lego/company_routes_waypoints/create', summary: 'Adds a waypoint at the end of a route', querystring: routeScopeQuerySchema, body: waypointBodySchema }),
  reorderWaypoints: defineCall({ ...main, id: 'waypoints.reorder', method: 'POST', path: '/saas/lego/company_routes_waypoints/reorder', summary: "Stores a route's waypoints in the order of ids (sequence 1..n); 400 unless ids are exactly the route's waypoints", querystring: routeScopeQuerySchema, body: waypointOrderBodySchema, messages: [WAYPOINT_ORDER_MSG.mismatch] }),
  deleteWaypoint: defineCall({ ...main, id: 'waypoints.delete', method: 'DELETE', path: '/saas/lego/company_routes_waypoints/delete', summary: 'Deletes a waypoint and renumbers the rest', querystring: scopedIdQuerySchema }),

  routeMaster: defineCall({ ...main, id: 'routeMaster.fetch', method: 'GET', path: '/saas/lego/company_routes_master/fetch', summary: "The consignor's freight rates per route and transporter", querystring: scopeQuerySchema }),
  createRouteMaster: defineCall({ ...main, id: 'routeMaster.create', method: 'POST', path: '/saas/lego/company_routes_master/create', summary: 'Adds freight rates for a route (409 when the scope has a rate for that route, transporter, vehicle, material and valid-from date)', querystring: routeScopeQuerySchema, body: routeMasterBodySchema, messages: ['Please select unit', ROUTE_MASTER_TAKEN], answers: { 409: ROUTE_MASTER_TAKEN } }),
  createRouteMasters: defineCall({ ...main, id: 'routeMaster.bulkCreate', method: 'POST', path: '/saas/lego/company_routes_master/bulk_create', summary: "Bulk freight rates: one answer per row ({id} or {error}); each row's route, transporter, vehicle and material must be the company's, and a rate the scope (or an earlier row) has is refused", querystring: scopeQuerySchema, body: routeMasterBulkBodySchema, bodyLimit: BULK_BODY_LIMIT, messages: [ROUTE_MASTER_TAKEN, BULK_TEXT.unstorable] }),

  standardVehicles: defineCall({ ...main, id: 'vehicles.standard', method: 'GET', path: '/saas/lego/static_data/vehicles/fetch', summary: 'The standard vehicles' }),
  vehicles: defineCall({ ...main, id: 'vehicles.fetch', method: 'GET', path: '/saas/lego/company_vehicles/fetch', summary: "The scope's vehicles", querystring: scopeQuerySchema }),
  createVehicle: defineCall({ ...main, id: 'vehicles.create', method: 'POST', path: '/saas/lego/company_vehicles/create', summary: 'Adds a standard or custom vehicle (409 when the scope has it)', querystring: scopeQuerySchema, body: vehicleCreateSchema, messages: [VEHICLE_EXISTS], answers: { 409: VEHICLE_EXISTS } }),
  deleteVehicle: defineCall({ ...main, id: 'vehicles.delete', method: 'DELETE', path: '/saas/lego/company_vehicles/delete', summary: 'Deletes a vehicle no route master entry uses', querystring: scopedIdQuerySchema, messages: ['This vehicle is used by route master entries'], answers: { 409: 'This vehicle is used by route master entries' } }),

  masterMaterials: defineCall({ ...main, id: 'materials.master', method: 'GET', path: '/saas/lego/static_data/materials/fetch', summary: 'The master materials' }),
  materials: defineCall({ ...main, id: 'materials.fetch', method: 'GET', path: '/saas/lego/company_materials/fetch', summary: "The scope's materials", querystring: scopeQuerySchema }),
  createMaterial: defineCall({ ...main, id: 'materials.create', method: 'POST', path: '/saas/lego/company_materials/create', summary: 'Adds a master or custom material (409 when the scope has it)', querystring: scopeQuerySchema, body: materialCreateSchema, messages: [MATERIAL_EXISTS], answers: { 409: MATERIAL_EXISTS } }),
  deleteMaterial: defineCall({ ...main, id: 'materials.delete', method: 'DELETE', path: '/saas/lego/company_materials/delete', summary: 'Deletes a material no route master entry uses', querystring: scopedIdQuerySchema, messages: ['This material is used by route master entries'], answers: { 409: 'This material is used by route master entries' } }),
};
