import { defineScreens } from '../engine/registry/screenRegistry';
import { listScreen } from './define';

export const auditLogList = listScreen({
  path: '/audit-log',
  title: 'Audit Log',
  menu: { label: 'Audit Log', group: 'Audit', icon: 'audit', order: 1 },
});

/** The audit log of the company's configuration (`audit-log.ts`). */
export default defineScreens<typeof import('./audit-log')>({ auditLogList });
