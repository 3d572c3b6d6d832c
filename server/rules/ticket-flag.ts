import { isRecord } from '../../schemas/guards';

/**
 * extraContext (an alert config's JSON text) with the ticket flag of its first element set to `raise`; anything
 * unreadable becomes one element. The read side is `raisesTicket` in schemas/alerts.ts.
 */
export function withTicketFlag(extraContext: string, raise: boolean): string {
  let list: unknown;
  try {
    list = JSON.parse(extraContext);
  } catch {
    list = [];
  }
  const items = Array.isArray(list) ? [...list] : [];
  const first = isRecord(items[0]) ? items[0] : {};
  const ticketing = typeof first.ticketing === 'object' && first.ticketing !== null ? first.ticketing : {};
  items[0] = { ...first, ticketing: { ...ticketing, raise_ticket: raise } };
  return JSON.stringify(items);
}
