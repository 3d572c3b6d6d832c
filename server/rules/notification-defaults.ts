import type { NotificationMode } from '../../schemas/notification-config';

/** An event's name as people read it: `long.stoppage` is "Long Stoppage". */
export const eventTitle = (name: string) =>
  name
    .split(/[._]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');

/**
 * The default template of a mode for an event (GET /notification/mode-configuration's default_body and
 * default_subject), in the template language of schemas/notification-template.ts: what the form prefills for a new
 * configuration.
 */
export function defaultTemplate(mode: NotificationMode, eventName: string): { body: string; subject: string } {
  const title = eventTitle(eventName);
  const subject = mode === 'EMAIL' ? `${title}: trip {{trip_id}} ({{vehicle_number}})` : '';
  switch (mode) {
    case 'SMS':
      return {
        subject,
        body: `${title}: trip {{trip_id}}, vehicle {{vehicle_number}}, {{origin}} to {{destination}}. ETA {{eta}}.`,
      };
    case 'WHATSAPP':
      return {
        subject,
        body: `*${title}*\nTrip {{trip_id}} ({{vehicle_number}}), driver {{driver_name}} {{driver_phone}}.\n{{origin}} to {{destination}}, ETA {{eta}}.{{#if delay_minutes}} Delayed by {{delay_minutes}} min.{{/if}}`,
      };
    case 'EMAIL':
      return {
        subject,
        body: `Dear {{consignee_name}},\n\n${title} for trip {{trip_id}} (vehicle {{vehicle_number}}, driver {{driver_name}}, {{driver_phone}}).\nRoute: {{origin}} to {{destination}}. Current location: {{current_location}}. ETA: {{eta}}.\n{{#if tracking_link}}Track it at {{tracking_link}}{{/if}}\n\nRegards,\n{{company_name}}`,
      };
    case 'WEBHOOKS':
      return {
        subject,
        body: `{"event": "${eventName}", "tripId": "{{trip_id}}", "vehicleNumber": "{{vehicle_number}}", "eta": "{{eta}}", "eventTime": "{{event_time}}"}`,
      };
  }
}
