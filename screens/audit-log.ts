import { auditCalls } from '../schemas/api/audit';
import { auditProvenance } from '../schemas/audit';
import { endpoint } from '../engine/data/endpoint';
import { rowDetail } from '../engine/list/parts';
import { defineList } from '../engine/registry/define';
import * as registered from './audit-log.meta';

/**
 * /audit-log: who changed what in the company's configuration (and its branch's, when one is chosen), newest first,
 * 20 to a page read from the server; a row opens onto its changed fields, old → new (`rowDetail`).
 */
export const auditLogList = defineList({
  ...registered.auditLogList,
  source: endpoint(auditCalls.list),
  rowKey: 'id',
  paging: { size: 20, rows: 'rows', total: 'total', searchParam: 'q' },
  search: { placeholder: 'Search user, call, object or changed values' },
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
    { title: 'Time', field: 'at', kind: 'datetime', width: 185 },
    // Who, and for a copy or a revert where it came from (issue 33): 'Copied from Tata Steel Limited by Priya Sharma'.
    {
      title: 'User',
      field: 'userName',
      text: 'auditUser',
      width: 120,
    },
    { title: 'Action', field: 'action', text: 'auditAction', width: 84 },
    {
      title: 'Object',
      field: 'objectType',
      text: 'auditObject',
      width: 110,
    },
    { title: 'Name', field: 'objectName', text: 'auditObjectName', width: 140 },
    { title: 'Changed Fields', field: 'changes', text: 'auditChanges', width: 170 },
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
        { title: 'Object Id', field: 'objectId' },
        { title: 'Call', field: 'call' },
        { title: 'Branch', field: 'branchName' },
        { title: 'Change set', field: 'changeSet' },
        { title: 'Where from', field: 'provenance', value: auditProvenance },
      ],
      field: 'changes',
      rowKey: 'field',
      columns: [
        { title: 'Field', field: 'label', width: 340 },
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
