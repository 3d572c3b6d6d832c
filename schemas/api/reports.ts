import { defineCall } from './contract';
import { scopeQuerySchema } from '../scope';
import { reportCreateSchema, reportListQuerySchema, reportUpdateSchema } from '../report-schedule';

const reports = { service: 'reports', envelope: 'main' } as const;

/** A report schedule's id in a path. */
export const reportParamsSchema = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'Not found' } },
  required: ['id'],
  errorMessage: { required: { id: 'Not found' } },
} as const;

/** The report service of spec 001 section 7: daily trip summary and exception report schedules. */
export const reportCalls = {
  list: defineCall({ ...reports, id: 'reports.list', method: 'GET', path: '/saas/v1/rs/list', summary: "An entity's schedules of one type (with a branch: that branch's)", querystring: reportListQuerySchema }),
  byId: defineCall({ ...reports, id: 'reports.get', method: 'GET', path: '/saas/v1/rs/report/:id', summary: 'One schedule', querystring: scopeQuerySchema, params: reportParamsSchema }),
  create: defineCall({ ...reports, id: 'reports.create', method: 'POST', path: '/saas/v1/rs/definition/create', summary: 'Creates a schedule', querystring: scopeQuerySchema, body: reportCreateSchema }),
  update: defineCall({ ...reports, id: 'reports.update', method: 'PUT', path: '/saas/v1/rs/update/:id', summary: "Changes a schedule's definition or active flag", querystring: scopeQuerySchema, params: reportParamsSchema, body: reportUpdateSchema }),
};
