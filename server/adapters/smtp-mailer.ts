import nodemailer from 'nodemailer';
import type { Mailer } from '../auth/mailer';

/** Delivery over SMTP (nodemailer), used when `SMTP_URL` is set, e.g. `smtps://user:pass@smtp.example.com`. */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send({ to, subject, body, attachments }) {
      await transport.sendMail({
        from,
        to,
        subject,
        text: body,
        ...(attachments?.length && {
          attachments: attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
        }),
      });
    },
  };
}

/** The host (and port) an SMTP URL names, without its credentials: what the start banner may print. */
export function smtpHostOf(url: string): string {
  try {
    return new URL(url).host || 'the SMTP server';
  } catch {
    return 'the SMTP server';
  }
}
