import { storedPlaceAnswer } from '../api/embedded';
import { defineResource } from '../resource';
import { waypointBodySchema } from '../route-bulk';

/** An id a body names: at most 64 characters. */
const anId = { type: 'string', minLength: 1, maxLength: 64 } as const;

/** The refusal of a waypoint's call that names no route. */
const SELECT_ROUTE = 'Please select route';

/**
 * A route's waypoints (spec 000 sections 2.5 and 7, API.md "Waypoints"): the places a route passes between its ends,
 * in sequence from 1, each kept where its route is (its company, branch and department: set from the route by the
 * database on every insert, migration 300). Their fetch (`?routeId=`, in sequence) and create (the route in the query,
 * the place in the body, added after the route's last one by the server's rule) are built from this; the reorder and
 * the delete (which renumbers the rest) stay calls of their own (server/routes/route-waypoints.ts), as does a bulk
 * route upload's writing of its rows' waypoints. The editor is screens/waypoints.ts.
 */
export const waypoints = defineResource({
  name: 'waypoints',
  objectType: 'waypoint',
  table: 'route_waypoints',
  idPrefix: 'wp',
  noun: 'route waypoint',
  plural: 'route waypoints',
  title: 'Waypoints',
  path: '/saas/lego/company_routes_waypoints',
  reach: 'department',
  stamps: 'timestamps',
  api: {
    calls: ['list', 'create'],
    ids: { list: 'fetch' },
    paths: { list: 'fetch', create: 'create' },
    unpaged: true,
    parent: { field: 'routeId', message: SELECT_ROUTE, list: true },
    createAnswer: 'id',
    body: waypointBodySchema,
  },
  fields: {
    routeId: { column: 'route_id', label: 'Route', sql: 'text', required: true, schema: anId },
    sequence: { column: 'sequence', label: 'Order', sql: 'integer', required: true, schema: { type: 'integer' } },
    place: {
      column: 'place',
      label: 'Place',
      sql: 'json',
      required: true,
      schema: waypointBodySchema,
      spread: true,
      answer: storedPlaceAnswer,
    },
  },
  naturalKey: [],
  label: [],
  labelSql: "coalesce(t.place->>'address', t.id::text)",
  refs: { route_id: 'route' },
  order: { field: 'sequence' },
});
