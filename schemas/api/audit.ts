import { defineCall } from './contract';
import { scopeQuerySchema } from '../scope';
import { AUDIT_MSG, auditListQuerySchema } from '../audit';

const main = { service: 'main', envelope: 'main' } as const;

/** The audit log of a company's configuration (ours; the spec has none): its entries and the users who made them. */
export const auditCalls = {
  list: defineCall({ ...main, id: 'audit.list', method: 'GET', path: '/saas/lego/audit_log/fetch', summary: "The scope's configuration changes, newest first, one page (filters: user, object type, time range)", querystring: auditListQuerySchema, messages: [AUDIT_MSG.range] }),
  users: defineCall({ ...main, id: 'audit.users', method: 'GET', path: '/saas/lego/audit_log/users', summary: "The users who changed the scope's configuration (the Audit Log's user filter)", querystring: scopeQuerySchema }),
};
