import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurationsRowType } from '../../server/rules/notification-config-bulk-row';
import { BACKENDS, bootFresh, count, type Call, type TestApp } from './helper';

/**
 * Templates that reach JavaScript's prototypes, and templates the preview cannot read (API.md "Notification
 * templates"): the preview, Send test and the save read them alike, and each refusal names its part.
 */

const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

describe.each(BACKENDS)('notification templates on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  let events: { id: number; name: string }[];

  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
    events = (await call('GET', '/notification/onboarded-events')).body.value;
  });
  afterAll(async () => {
    await t?.close();
  });

  const base = (eventIndex: number, extra: Record<string, unknown>) => ({
    customerConfigId: null,
    companyId: 1001,
    branchId: 3101,
    eventId: events[eventIndex].id,
    ...extra,
  });
  const email = (extra: Record<string, unknown>) =>
    base(0, { mode: 'EMAIL', emailTo: 'ops@tata.example', subject: 'Trip {{trip_id}}', body: 'Hello', ...extra });
  const preview = (body: Record<string, unknown>) => call('POST', '/notification/preview', body);
  const sendTest = (body: Record<string, unknown>) => call('POST', '/notification/send-test?to=recipients', body);
  const lastMessage = async () =>
    (
      await t.store.query<{ to: string; subject: string; body: string }>(
        'select "to", subject, body from outbox order by seq desc limit 1',
      )
    )[0];
  const unclosed = (part: string) => `${part}: {{#if eta}} is not closed with {{/if}}`;

  it('previews prototype names as unknown tokens: empty in a JSON or XML webhook body, false in an if', async () => {
    const json = await preview({ mode: 'WEBHOOKS', contentType: 'JSON', body: '{"a":"{{constructor}}"}' });
    expect(json.status).toBe(200);
    expect(JSON.parse(json.body.value.body)).toEqual({ a: '' });
    expect(json.body.value.unknownTokens).toEqual(['constructor']);
    for (const name of PROTOTYPE_NAMES) {
      const xml = await preview({
        mode: 'WEBHOOKS',
        contentType: 'XML',
        body: `<a>{{${name}}}{{#if ${name}}}yes{{else}}no{{/if}}</a>`,
      });
      expect(xml.status, name).toBe(200);
      expect(xml.body.value).toEqual({ body: '<a>no</a>', unknownTokens: [name] });
      const mail = await preview({
        mode: 'EMAIL',
        subject: `[{{${name}}}]`,
        body: `{{#if ${name}}}yes{{else}}no{{/if}}`,
      });
      expect(mail.body.value, name).toEqual({ subject: '[]', body: 'no', unknownTokens: [name] });
    }
  });

  it('sends no native code from a test with prototype names, by e-mail or SMS', async () => {
    const mail = await sendTest(
      email({
        subject: 'S {{constructor}}',
        header: 'H {{toString}}',
        body: 'B {{constructor}}{{#if valueOf}}!{{/if}}',
      }),
    );
    expect(mail.status).toBe(200);
    expect(await lastMessage()).toEqual({ to: 'ops@tata.example', subject: 'S ', body: 'H \n\nB ' });
    const sms = await sendTest(
      base(0, { mode: 'SMS', mobilenumbers: '9876543210', body: 'Trip {{__proto__}}{{hasOwnProperty}}.' }),
    );
    expect(sms.status).toBe(200);
    const message = await lastMessage();
    expect(message.body).toBe('Trip .');
    expect(message.body).not.toContain('native code');
  });

  it('refuses to save a template the preview refuses, naming the part, and stores nothing', async () => {
    const before = await count(t.store, 'notification_configs');
    const cases: [Record<string, unknown>, string][] = [
      [email({ body: '{{#if eta}}late' }), 'Body'],
      [email({ subject: '{{#if eta}}late' }), 'Subject'],
      [email({ header: 'Dear {{#if eta}}all' }), 'Header'],
      [email({ footer: 'Bye {{#if eta}}' }), 'Footer'],
      [base(1, { mode: 'WHATSAPP', mobilenumbers: '9876543210', body: 'B', footer: '{{#if eta}}' }), 'Footer'],
      [
        base(2, {
          mode: 'WEBHOOKS',
          method: 'POST',
          url: 'https://hooks.example/in',
          contentType: 'XML',
          authType: 'BASIC',
          body: '<a>{{#if eta}}</a>',
        }),
        'Body',
      ],
    ];
    for (const [payload, part] of cases) {
      const previewed = await preview({
        mode: payload.mode,
        contentType: payload.contentType,
        subject: payload.subject,
        header: payload.mode === 'WEBHOOKS' ? undefined : payload.header,
        body: payload.body,
        footer: payload.footer,
      });
      expect(previewed.body.message, part).toEqual([unclosed(part)]);
      const saved = await call('POST', '/notification/save-configuration', payload);
      expect(saved.status, part).toBe(400);
      expect(saved.body.message, part).toEqual([unclosed(part)]);
    }
    const row = {
      'Event Name': events[3].name,
      Mode: 'SMS',
      'Company Id': '1001',
      'Mobile Numbers': '9876543210',
      Body: 'Trip {{#if eta}}{{eta}}',
    };
    expect(await t.store.tx((q) => configurationsRowType.saveRow(q, row, 'ops@demo.local', new Map()))).toEqual({
      ok: false,
      errors: [unclosed('Body')],
    });
    expect(await count(t.store, 'notification_configs')).toBe(before);
    // A subject left from EMAIL is not an SMS part: neither checked nor stored.
    const sms = await call(
      'POST',
      '/notification/save-configuration',
      base(3, { mode: 'SMS', mobilenumbers: '9876543210', subject: '{{#if eta}}', body: 'Trip {{trip_id}}' }),
    );
    expect(sms.status).toBe(200);
  });

  it('names the part whose template fails in a send test, and sends nothing', async () => {
    const before = await count(t.store, 'outbox');
    const cases: [Record<string, unknown>, string][] = [
      [email({ body: '{{#if eta}}late' }), 'Body'],
      [email({ header: '   ', footer: '{{#if eta}}' }), 'Footer'],
      [email({ header: 'Hi', body: 'B', footer: '{{#if eta}}' }), 'Footer'],
      [base(1, { mode: 'WHATSAPP', mobilenumbers: '9876543210', body: '{{#if eta}}' }), 'Body'],
      [base(1, { mode: 'WHATSAPP', mobilenumbers: '9876543210', header: '{{#if eta}}', body: 'B' }), 'Header'],
      [base(0, { mode: 'SMS', mobilenumbers: '9876543210', body: 'x {{#if eta}}' }), 'Body'],
    ];
    for (const [payload, part] of cases) {
      const res = await sendTest(payload);
      expect(res.status, part).toBe(400);
      expect(res.body.message, JSON.stringify(payload)).toEqual([unclosed(part)]);
    }
    expect(await count(t.store, 'outbox')).toBe(before);
  });
});
