import { describe, expect, it } from 'vitest';
import { smtpHostOf } from './smtp-mailer';

describe('smtpHostOf', () => {
  it('names the host and port of an SMTP URL, never its credentials', () => {
    expect(smtpHostOf('smtps://user:secret@smtp.example.com:465')).toBe('smtp.example.com:465');
    expect(smtpHostOf('smtp://mail.internal')).toBe('mail.internal');
    expect(smtpHostOf('not a url')).toBe('the SMTP server');
  });
});
