import type { OutboxAttachment, OutboxEntry } from '../../schemas/api/platform';
import type { Queryable } from '../store/store';

/** One outgoing message (a one-time code, a report, a notification test). */
export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  /** Files sent with the message (a report run's xlsx). */
  attachments?: MailAttachment[];
}

/** A file attached to a message. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * The one delivery interface. `kind` 'outbox' means nothing leaves the machine and a developer reads the
 * messages at `GET /dev/outbox`; a real transport (SMTP, SMS gateway) has another kind.
 */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  /**
   * Sends one message. `within`: the transaction that records it as sent (a report run's recipient); the outbox
   * writes the message in it, so that the record and the message commit together, or neither does.
   */
  send(message: MailMessage, within?: Queryable): Promise<void>;
}

/** Delivery into the `outbox` table, used when no transport is configured. */
export function createOutboxMailer(db: Queryable): Mailer {
  return {
    kind: 'outbox',
    async send({ to, subject, body, attachments = [] }, within = db) {
      if (attachments.length === 0) {
        await within.query('insert into outbox ("to", subject, body) values ($1, $2, $3)', [to, subject, body]);
        return;
      }
      // The message and its files in one statement: a reader never sees the message without them.
      await within.query(
        `with message as (insert into outbox ("to", subject, body) values ($1, $2, $3) returning seq)
         insert into outbox_attachments (seq, position, filename, content_type, content)
         select message.seq, a.position, a.filename, a.content_type, decode(a.content, 'base64')
           from message, jsonb_to_recordset($4::jsonb) as a(position int, filename text, content_type text, content text)`,
        // As base64 text: PGlite converts a bytea parameter byte by byte (about a second per megabyte).
        [
          to,
          subject,
          body,
          JSON.stringify(
            attachments.map((a, position) => ({
              position,
              filename: a.filename,
              content_type: a.contentType,
              content: a.content.toString('base64'),
            })),
          ),
        ],
      );
    },
  };
}

/** The outbox, newest last (at most the latest `limit` messages). */
export async function readOutbox(db: Queryable, limit = 200): Promise<OutboxEntry[]> {
  const rows = await db.query<{
    to: string;
    subject: string;
    body: string;
    created_at: Date;
    attachments: OutboxAttachment[] | string;
  }>(
    `select t.*, coalesce((select jsonb_agg(jsonb_build_object('filename', a.filename, 'contentType', a.content_type,
              'size', octet_length(a.content), 'content', encode(a.content, 'base64')) order by a.position)
            from outbox_attachments a where a.seq = t.seq), '[]'::jsonb) as attachments
       from (select seq, "to", subject, body, created_at from outbox order by seq desc limit $1) t order by seq`,
    [limit],
  );
  return rows.map((r) => {
    const attachments: OutboxAttachment[] =
      typeof r.attachments === 'string' ? JSON.parse(r.attachments) : r.attachments;
    return {
      to: r.to,
      subject: r.subject,
      body: r.body,
      time: new Date(r.created_at).toISOString(),
      // encode(..., 'base64') breaks lines every 76 characters.
      attachments: attachments.map((a) => ({ ...a, content: a.content.replace(/\s+/g, '') })),
    };
  });
}
