import { auditCalls } from '../schemas/api/audit';
import { AUDIT_ACTIONS, auditObjectName, auditProvenance, type AuditEntry } from '../schemas/audit';
import { endpoint } from '../engine/data/endpoint';
import { rowDetail } from '../engine/list/parts';
import { defineList } from '../engine/registry/define';
import * as registered from './audit-log.meta';

/** A path's first part: `origin` of `origin.google.place_id`, `extra_context` of `extra_context[0].emails`. */
const topField = (path: string) => path.split(/[.[]/, 1)[0];

/**
 * The Changed Fields cell: a change names each changed leaf; a creation or deletion names the record's fields that
 * hold a value (the server leaves out empty ones and bookkeeping), each once, as the leaves are in the row's detail.
 */
function changedFields(entry: AuditEntry): string {
  const fields = entry.changes.map((change) => change.field);
  return (entry.action === 'update' ? fields : [...new Set(fields.map(topField))]).join(', ');
}

/**
 * /audit-log: who changed what in the company's configuration (and its branch's, when one is chosen), newest first,
 * 20 to a page read from the server; a row opens onto its changed fields, old → new (`rowDetail`).
 */
export const auditLogList = defineList({
  ...registered.auditLogList,
  source: endpoint(auditCalls.list),
  rowKey: 'id',
  paging: { size: 20, rows: 'rows', total: 'total' },
  filters: [
    {
      kind: 'remoteSelect',
      label: 'User',
      param: 'user',
      endpoint: endpoint(auditCalls.users),
      valueField: 'id',
      labelField: 'name',
      fetchError: 'Error while fetching users',
    },
    {
      kind: 'remoteSelect',
      label: 'Object type',
      param: 'type',
      endpoint: endpoint(auditCalls.objectTypes),
      valueField: 'value',
      labelField: 'label',
      fetchError: 'Error while fetching object types',
    },
    { kind: 'dateRange', label: 'Date', params: ['from', 'to'] },
  ],
  columns: [
    { title: 'Time', field: 'at', kind: 'datetime', width: 150 },
    // Who, and for a copy or a revert where it came from (issue 33): 'Copied from Tata Steel Limited by Priya Sharma'.
    {
      title: 'User',
      field: 'userName',
      value: (row) => auditProvenance(row) || (row.userName ?? 'System'),
      width: 130,
    },
    { title: 'Action', field: 'action', value: (row) => AUDIT_ACTIONS[row.action], width: 84 },
    {
      title: 'Object',
      field: 'objectType',
      value: (row) => auditObjectName(row.objectType),
      width: 120,
    },
    { title: 'Object Id', field: 'objectId', width: 140 },
    { title: 'Changed Fields', field: 'changes', value: changedFields, width: 170 },
  ],
  actionTitle: 'Actions',
  // Puts back what the entry (or its change set) changed, after showing what it will write (issue 24); not offered on
  // the system's entries (no user: the seeded demo data).
  rowActions: [
    {
      kind: 'modal',
      label: 'Revert',
      component: () => import('../src/compare/RevertModal'),
      hiddenWhen: (row) => row.userId === null,
    },
  ],
  parts: [
    rowDetail({
      fields: [
        { title: 'E-mail', field: 'userEmail' },
        { title: 'Call', field: 'call' },
        { title: 'Branch', field: 'branchName' },
        { title: 'Change set', field: 'changeSet' },
        { title: 'Where from', field: 'provenance', value: auditProvenance },
      ],
      field: 'changes',
      rowKey: 'field',
      columns: [
        { title: 'Field', field: 'field', width: 260 },
        { title: 'Old', field: 'before' },
        { title: '', field: 'arrow', value: () => '→', width: 40 },
        { title: 'New', field: 'after' },
      ],
    }),
  ],
  noun: 'changes',
  emptyText: 'No changes found for the given selection',
  fetchError: 'Error while fetching the audit log',
});
