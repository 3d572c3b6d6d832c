import type { NotificationEvent, OnboardedEvent } from '../../schemas/api/notifications';
import type { EventStatus } from '../../schemas/notification-event';
import type { Queryable } from '../store/store';

const EVENT_COLUMNS = 'id, name, event_status';

/**
 * The SQL of notification events (migration 105): platform-wide, not per company. Names are unique whatever their
 * case (notification_events_name_idx on lower(name)).
 */
export const notificationEventRepository = {
  /** Every event, by name (case-insensitive, then as typed). */
  list(q: Queryable) {
    return q.query<NotificationEvent>(
      `select ${EVENT_COLUMNS} from notification_events order by lower(name), name, id`,
    );
  },

  /** The ONBOARDED events, by name: the ones a notification can be configured for. */
  onboarded(q: Queryable) {
    return q.query<OnboardedEvent>(
      `select id, name from notification_events where event_status = 'ONBOARDED' order by lower(name), name, id`,
    );
  },

  /** Event `id`; with `lock`, its row stays locked until the transaction ends (a status change reads, checks, writes). */
  byId(q: Queryable, id: number, lock = false) {
    return q.one<NotificationEvent>(
      `select ${EVENT_COLUMNS} from notification_events where id = $1${lock ? ' for update' : ''}`,
      [id],
    );
  },

  /** Creates a PENDING event; null when another event has the name already (any case). */
  create(q: Queryable, name: string) {
    return q.one<NotificationEvent>(
      `insert into notification_events (name) values ($1) on conflict do nothing returning ${EVENT_COLUMNS}`,
      [name],
    );
  },

  /** Sets an event's status; null when there is no such event. */
  setStatus(q: Queryable, id: number, status: EventStatus) {
    return q.one<NotificationEvent>(
      `update notification_events set event_status = $2, updated_at = now()
        where id = $1 returning ${EVENT_COLUMNS}`,
      [id, status],
    );
  },
};

/**
 * The event of `id` when it exists and is ONBOARDED (what a notification configuration may name), else null. For
 * the configuration calls: an unknown or PENDING event is refused there.
 */
export async function findOnboardedEvent(db: Queryable, id: number): Promise<OnboardedEvent | null> {
  // An id no integer column holds names no event (and would make the database refuse the query).
  if (!Number.isInteger(id) || id < 1 || id > 2147483647) return null;
  return db.one<OnboardedEvent>(
    `select id, name from notification_events where id = $1 and event_status = 'ONBOARDED'`,
    [id],
  );
}
