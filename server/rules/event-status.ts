import { EVENT_MSG, type EventStatus } from '../../schemas/notification-event';

/**
 * Whether an event may go from one status to another (spec 002 section 5): PENDING becomes ONBOARDED, and an
 * ONBOARDED event never goes back to PENDING. Setting the status it has already changes nothing and is allowed.
 * The refusal's text, or null when allowed.
 */
export function statusChangeRefusal(from: EventStatus, to: EventStatus): string | null {
  return from === 'ONBOARDED' && to === 'PENDING' ? EVENT_MSG.onboardedFinal : null;
}
