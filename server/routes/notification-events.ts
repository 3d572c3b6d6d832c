import type { FastifyInstance } from 'fastify';
import { notificationCalls } from '../../schemas/api/notifications';
import { EVENT_MSG } from '../../schemas/notification-event';
import { ApiError, notFound } from '../http/envelope';
import { route } from '../http/route';
import { notificationEventRepository as events } from '../repos/notification-event-repository';
import { statusChangeRefusal } from '../rules/event-status';
import type { AppContext } from '../context';

/** The notification service's answer (spec 002 section 7). */
const value = <T>(answer: T) => ({ value: answer });

/**
 * Notification events (spec 002 sections 2.3 and 7): the list, the onboarded ones, and the save that creates an
 * event or sets its status. Events are platform-wide, so no company scope applies. A name taken (any case) answers
 * 500 'Event is already created', the status the spec's console reads it by; nothing else of the server shows.
 */
export async function notificationEventRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, notificationCalls.events, async () => value(await events.list(store)));

  route(app, notificationCalls.onboardedEvents, async () => value(await events.onboarded(store)));

  route(app, notificationCalls.saveEvent, async ({ body }) => {
    const { id, event_status: status } = body;
    if (id !== undefined && status !== undefined) {
      return value(
        await store.tx(async (q) => {
          // Locked: two status changes at once must not both see PENDING and let ONBOARDED go back.
          const stored = await events.byId(q, id, true);
          if (!stored) throw notFound();
          const refusal = statusChangeRefusal(stored.event_status, status);
          if (refusal) throw new ApiError(400, [refusal]);
          return (await events.setStatus(q, id, status))!;
        }),
      );
    }
    // The schema requires a name when no id is sent.
    if (body.name === undefined) throw new ApiError(400, [EVENT_MSG.nameRequired]);
    const created = await events.create(store, body.name);
    if (!created) throw new ApiError(500, [EVENT_MSG.duplicate]);
    return value(created);
  });
}
