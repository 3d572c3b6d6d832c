import { MAX_NUMERIC_ID } from '../../schemas/messages';
import { NOTIFICATION_CONFIG_MSG as M, type NotificationConfigPayload } from '../../schemas/notification-config';
import { batchRepository } from '../repos/batch-repository';
import type { Queryable } from '../store/store';
import { saveNotificationConfig } from './notification-config-save';
import type { BulkRowType } from './bulk-row-type';

/** The columns of the configurations file, in the sample's order: what an operator fills per configuration. */
const COLUMNS = [
  'Event Name',
  'Mode',
  'Company Id',
  'Branch Id',
  'Department Id',
  'User Id',
  'Group Id',
  'Related Company Id',
  'Related Branch Id',
  'Related Department Id',
  'Mobile Numbers',
  'Email To',
  'Email Cc',
  'Email Bcc',
  'Subject',
  'Header',
  'Body',
  'Footer',
  'Webhook URL',
  'Method',
  'Content Type',
  'Auth Type',
  'Auth Key',
  'User',
  'Password',
] as const;
type Column = (typeof COLUMNS)[number];

/** Id columns and the payload field each fills. */
const ID_COLUMNS = {
  'Company Id': 'companyId',
  'Branch Id': 'branchId',
  'Department Id': 'departmentId',
  'User Id': 'userId',
  'Group Id': 'groupId',
  'Related Company Id': 'relatedCompanyId',
  'Related Branch Id': 'relatedBranchId',
  'Related Department Id': 'relatedDepartmentId',
} as const satisfies Partial<Record<Column, keyof NotificationConfigPayload>>;

/** Text columns and the payload field each fills (the schema checks their lengths and patterns). */
const TEXT_COLUMNS = {
  'Mobile Numbers': 'mobilenumbers',
  'Email To': 'emailTo',
  'Email Cc': 'emailCc',
  'Email Bcc': 'emailBcc',
  Subject: 'subject',
  Header: 'header',
  Body: 'body',
  Footer: 'footer',
  'Webhook URL': 'url',
  'Auth Key': 'authkey',
  User: 'user',
  Password: 'password',
} as const satisfies Partial<Record<Column, keyof NotificationConfigPayload>>;

/** Upper-case choice columns (the schema checks the values). */
const CHOICE_COLUMNS = {
  Mode: 'mode',
  Method: 'method',
  'Content Type': 'contentType',
  'Auth Type': 'authType',
} as const satisfies Partial<Record<Column, keyof NotificationConfigPayload>>;

/** A list cell as the payload wants it: entries split on commas, semicolons or new lines, joined with commas. */
const joinList = (cell: string) =>
  cell
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',');
const LIST_FIELDS = new Set(['mobilenumbers', 'emailTo', 'emailCc', 'emailBcc']);

/**
 * One row of the file as a save payload, or its errors. Ids must be whole numbers (empty = none); the event is named,
 * so it is looked up by name ('Please select event' when unknown); the rest is left to the payload's schema (the save
 * checks it: the payload is not yet a NotificationConfigPayload).
 */
export async function configurationPayload(
  db: Queryable,
  row: Record<string, string>,
  memo = new Map<string, unknown>(),
): Promise<{ payload: Record<string, unknown> } | { errors: string[] }> {
  const errors: string[] = [];
  const payload: Record<string, unknown> = { customerConfigId: null };
  for (const [column, field] of Object.entries(ID_COLUMNS)) {
    const cell = row[column] ?? '';
    if (cell === '') payload[field] = null;
    else if (cell.length <= 16 && /^\d+$/.test(cell) && Number(cell) >= 1 && Number(cell) <= MAX_NUMERIC_ID)
      payload[field] = Number(cell);
    else errors.push(`${column}: ${M.id}`);
  }
  for (const [column, field] of Object.entries(TEXT_COLUMNS)) {
    const cell = row[column] ?? '';
    if (cell !== '') payload[field] = LIST_FIELDS.has(field) ? joinList(cell) : cell;
  }
  for (const [column, field] of Object.entries(CHOICE_COLUMNS)) {
    const cell = row[column] ?? '';
    if (cell !== '') payload[field] = cell.length <= 20 ? cell.toUpperCase().replace(/[\s-]+/g, '_') : cell;
  }
  const eventName = row['Event Name'] ?? '';
  const key = `event:${eventName.toLowerCase()}`;
  if (eventName && eventName.length <= 200 && !memo.has(key))
    memo.set(key, await batchRepository.eventIdByName(db, eventName));
  const remembered = memo.get(key);
  const eventId = typeof remembered === 'number' ? remembered : null;
  if (eventId === null) errors.push(M.event);
  else payload.eventId = eventId;
  return errors.length ? { errors } : { payload };
}

/** The 'configurations' component: notification configurations, one per row. */
export const configurationsRowType: BulkRowType = {
  columns: COLUMNS,
  required: ['Event Name', 'Mode'],
  examples: [
    [
      'trip.created',
      'SMS',
      '1001',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '9876543210,9123456780',
      '',
      '',
      '',
      '',
      '',
      'Trip {{tripId}} has started',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ],
    [
      'trip.closed',
      'EMAIL',
      '1001',
      '3101',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'ops@example.com',
      'lead@example.com',
      '',
      'Trip {{tripId}} closed',
      '',
      'Trip {{tripId}} was closed at {{closedAt}}.',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ],
    [
      'eta.breach',
      'WEBHOOKS',
      '1001',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '{"trip":"{{tripId}}"}',
      '',
      'https://hooks.example.com/eta',
      'POST',
      'JSON',
      'BASIC',
      '',
      'hook-user',
      'hook-secret',
    ],
    [
      'long.stoppage',
      'WHATSAPP',
      '1001',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '9876543210',
      '',
      '',
      '',
      '',
      '',
      'Vehicle {{vehicleNo}} stopped for {{duration}}',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ],
  ],
  async saveRow(db, row, by, memo) {
    const mapped = await configurationPayload(db, row, memo);
    if ('errors' in mapped) return { ok: false, errors: mapped.errors };
    const saved = await saveNotificationConfig(db, mapped.payload, by);
    return saved.ok ? { ok: true, recordId: String(saved.customerConfigId) } : { ok: false, errors: saved.errors };
  },
};
