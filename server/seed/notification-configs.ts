import type { NotificationConfigPayload } from '../../schemas/notification-config';
import { saveNotificationConfig } from '../rules/notification-config-save';
import type { Queryable } from '../store/store';

/** Event ids by name (the events of migration 105). */
async function eventId(q: Queryable, name: string): Promise<number | null> {
  return (await q.one<{ id: number }>('select id from notification_events where name = $1', [name]))?.id ?? null;
}

/**
 * Demo notification configurations of Tata Steel (1001): one per mode for its branch Jamshedpur (3101), and two for
 * the company as a whole, so that the company's own list (no branch chosen) is not empty either. Stored through the
 * same save as the form's, so they are valid by construction.
 */
export async function seedNotificationConfigs(q: Queryable): Promise<void> {
  const created = await eventId(q, 'trip.created');
  const stoppage = await eventId(q, 'long.stoppage');
  if (!created || !stoppage) return;
  const scope = { customerConfigId: null, companyId: 1001, branchId: 3101 };
  const configs: NotificationConfigPayload[] = [
    {
      ...scope,
      eventId: created,
      mode: 'SMS',
      mobilenumbers: '9876543210',
      body: 'Trip {{trip_id}} created: {{vehicle_number}}, {{origin}} to {{destination}}, ETA {{eta}}.',
    },
    {
      ...scope,
      eventId: created,
      mode: 'EMAIL',
      emailTo: 'control.tower@tatasteel.example',
      subject: 'Trip {{trip_id}} created',
      body: 'Dear {{consignee_name}},\n\nTrip {{trip_id}} ({{vehicle_number}}) has left {{origin}} for {{destination}}. ETA {{eta}}.\n\nRegards,\n{{company_name}}',
    },
    {
      ...scope,
      eventId: stoppage,
      mode: 'WHATSAPP',
      mobilenumbers: '9123456780',
      body: '*Long stoppage*: {{vehicle_number}} at {{current_location}}{{#if delay_minutes}}, {{delay_minutes}} min late{{/if}}.',
    },
    {
      ...scope,
      eventId: stoppage,
      mode: 'WEBHOOKS',
      method: 'POST',
      url: 'https://hooks.tatasteel.example/lego/stoppage',
      contentType: 'JSON',
      authType: 'BASIC',
      user: 'lego',
      password: 'demo-only',
      body: '{"tripId": "{{trip_id}}", "vehicle": "{{vehicle_number}}", "at": "{{current_location}}"}',
    },
  ];
  const company = { customerConfigId: null, companyId: 1001, branchId: null };
  configs.push(
    {
      ...company,
      eventId: created,
      mode: 'EMAIL',
      emailTo: 'dispatch@tatasteel.example',
      subject: 'Trip {{trip_id}} created',
      body: 'Trip {{trip_id}} ({{vehicle_number}}) has left {{origin}} for {{destination}}. ETA {{eta}}.',
    },
    {
      ...company,
      eventId: stoppage,
      mode: 'SMS',
      mobilenumbers: '9876501234',
      body: 'Long stoppage: {{vehicle_number}} at {{current_location}}.',
    },
  );
  for (const config of configs) {
    const result = await saveNotificationConfig(q, config, 'ops@demo.local');
    if (!result.ok) throw new Error(`Demo notification configuration refused: ${result.errors.join('; ')}`);
  }
}
