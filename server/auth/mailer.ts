import type { Queryable } from '../store/store';

/** One outgoing message (a one-time code, a report, a notification test). */
export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}

/**
 * The one delivery interface. `kind` 'outbox' means nothing leaves the machine and a developer reads the
 * messages at `GET /dev/outbox`; a real transport (SMTP, SMS gateway) has another kind.
 */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

/** Delivery into the `outbox` table, used when no transport is configured. */
export function createOutboxMailer(db: Queryable): Mailer {
  return {
    kind: 'outbox',
    async send({ to, subject, body }) {
      await db.query('insert into outbox ("to", subject, body) values ($1, $2, $3)', [to, subject, body]);
    },
  };
}

/** An entry of `GET /dev/outbox`. */
export interface OutboxEntry extends MailMessage {
  time: string;
}

/** The outbox, newest last (at most the latest `limit` messages). */
export async function readOutbox(db: Queryable, limit = 200): Promise<OutboxEntry[]> {
  const rows = await db.query<{ to: string; subject: string; body: string; created_at: Date }>(
    'select * from (select seq, "to", subject, body, created_at from outbox order by seq desc limit $1) t order by seq',
    [limit],
  );
  return rows.map((r) => ({ to: r.to, subject: r.subject, body: r.body, time: new Date(r.created_at).toISOString() }));
}
