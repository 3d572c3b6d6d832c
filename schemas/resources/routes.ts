import { storedPlaceAnswer } from '../api/embedded';
import { numOrNull } from '../api/shapes';
import { ROUTE_CODE_TAKEN, destinationSchema, originSchema, routeBodySchema, routeLabelSchema } from '../route';
import { defineResource } from '../resource';

/**
 * A company's routes (spec 000 sections 2.1 to 2.4 and 7): a label, an optional code (one of each per scope, a unique
 * index), a standard transit time, and the loading and unloading points as stored places; kept for a company, a branch
 * or a department. Its waypoints are a resource of their own (waypoints.ts). The declaration gives the audit, the
 * calls' `owns` check, the answer and the columns read; the spec shapes the calls beyond the call builders (a fetch of
 * one, a page or all answered as JSON the database builds, the select's options, a create-or-update, a bulk create of
 * routes with their waypoints), so they are written in schemas/api/main.ts and server/routes/company-routes.ts; the
 * screens are screens/routes*.ts.
 */
export const routes = defineResource({
  name: 'routes',
  objectType: 'route',
  table: 'routes',
  idPrefix: 'rt',
  noun: 'route',
  plural: 'routes',
  title: 'Routes',
  path: '/saas/lego/company_routes',
  screen: '/routes',
  screenFile: true,
  reach: 'department',
  keptCount: true,
  api: { calls: [], branchUnanswered: true },
  fields: {
    code: {
      column: 'code',
      label: 'Route code',
      sql: 'text',
      default: '',
      search: true,
      sort: true,
      schema: routeBodySchema.properties.code,
      answer: { type: 'string', description: "'' when none" },
    },
    label: {
      column: 'label',
      label: 'Route name',
      sql: 'text',
      required: true,
      requiredMessage: routeBodySchema.errorMessage.required.label,
      search: true,
      sort: true,
      schema: routeLabelSchema,
    },
    stt: {
      column: 'stt',
      label: 'Standard transit time',
      sql: 'numeric',
      schema: routeBodySchema.properties.stt,
      answer: { ...numOrNull, description: 'Standard transit time in minutes; null when none' },
    },
    origin: {
      column: 'origin',
      label: 'Origin',
      sql: 'json',
      required: true,
      requiredMessage: routeBodySchema.errorMessage.required.origin,
      schema: originSchema,
      answer: storedPlaceAnswer,
    },
    destination: {
      column: 'destination',
      label: 'Destination',
      sql: 'json',
      required: true,
      requiredMessage: routeBodySchema.errorMessage.required.destination,
      schema: destinationSchema,
      answer: storedPlaceAnswer,
    },
  },
  naturalKey: ['code'],
  taken: ROUTE_CODE_TAKEN,
  label: ['code'],
  labelSql: "coalesce(nullif(t.code, ''), t.label)",
});
