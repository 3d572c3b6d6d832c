import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTIFICATION_CONFIG_MSG as M,
  NOTIFICATION_SECRET_MASK,
  NOTIFICATION_TEST_MSG,
} from '../../schemas/notification-config';
import {
  NOTIFICATION_TOKENS,
  SAMPLE_TRIP,
  parseTemplate,
  renderTemplate,
  tokenText,
  unknownTokens,
} from '../../schemas/notification-template';
import { isPrivateAddress } from '../../server/adapters/notification-webhook';
import { saveNotificationConfig } from '../../server/rules/notification-config-save';
import { readSheet, resultWorkbook } from '../../server/adapters/bulk-workbook';
import { BACKENDS, bootFresh, count, type Call, type TestApp } from './helper';

/** Notification configuration (API.md "Notification configuration" and "Notification templates"). */

describe('the template language', () => {
  it('fills value tokens and leaves text alone', () => {
    expect(renderTemplate('Trip {{trip_id}} ({{ vehicle_number }}) {{', SAMPLE_TRIP)).toEqual({
      text: `Trip ${SAMPLE_TRIP.trip_id} (${SAMPLE_TRIP.vehicle_number}) {{`,
    });
    expect(renderTemplate('[{{unknown_token}}]')).toEqual({ text: '[]' });
  });

  it('evaluates IF and IF-ELSE, nested', () => {
    const values = { a: 'x', b: '' };
    expect(renderTemplate('{{#if a}}A={{a}}{{/if}}|{{#if b}}B{{else}}no b{{/if}}', values)).toEqual({
      text: 'A=x|no b',
    });
    expect(renderTemplate('{{#if a}}{{#if b}}ab{{else}}a only{{/if}}{{/if}}', values)).toEqual({ text: 'a only' });
  });

  it('refuses unbalanced blocks with the reason', () => {
    expect(parseTemplate('{{#if a}}open')).toEqual({ error: '{{#if a}} is not closed with {{/if}}' });
    expect(parseTemplate('close{{/if}}')).toEqual({ error: '{{/if}} closes no {{#if}} block' });
    expect(parseTemplate('{{else}}')).toEqual({ error: '{{else}} must sit inside one {{#if}} block' });
    expect(parseTemplate('{{#if a}}1{{else}}2{{else}}3{{/if}}')).toMatchObject({ error: expect.any(String) });
  });

  it('escapes values for JSON and XML bodies', () => {
    const values = { name: 'a "b" <c> & d' };
    expect(renderTemplate('{"n": "{{name}}"}', values, 'json')).toEqual({ text: '{"n": "a \\"b\\" <c> & d"}' });
    expect(renderTemplate('<n>{{name}}</n>', values, 'xml')).toEqual({
      text: '<n>a &quot;b&quot; &lt;c&gt; &amp; d</n>',
    });
  });

  it('copies tokens as values, IF or IF-ELSE blocks that render', () => {
    expect(tokenText('eta')).toBe('{{eta}}');
    expect(tokenText('eta', 'IF')).toBe('{{#if eta}}{{eta}}{{/if}}');
    expect(tokenText('eta', 'IF_ELSE')).toBe('{{#if eta}}{{eta}}{{else}}{{/if}}');
    expect(renderTemplate(tokenText('delay_minutes', 'IF_ELSE'))).toEqual({ text: '' });
    expect(unknownTokens('{{trip_id}} {{#if nope}}{{/if}}')).toEqual(['nope']);
  });

  it('knows private addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect(isPrivateAddress(a)).toBe(true);
    for (const a of ['8.8.8.8', '2001:4860:4860::8888']) expect(isPrivateAddress(a)).toBe(false);
  });

  it('knows IPv4 carried in IPv6 (hex too), transition prefixes and the other special ranges', () => {
    const closed = [
      '::ffff:7f00:1',
      '::7f00:1',
      '::ffff:a9fe:a9fe',
      '[::ffff:169.254.169.254]',
      '::ffff:0:7f00:1',
      '::',
      '0.0.0.0',
      '64:ff9b::a00:1',
      '64:ff9b:1::1',
      '2002:c0a8:101::1',
      '2001::1',
      '2001:db8::1',
      'fec0::1',
      'fe80::1%eth0',
      'ff02::1',
      '198.18.0.1',
      '198.19.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '100.64.0.1',
      '240.0.0.1',
      '255.255.255.255',
      'not-an-address',
    ];
    for (const a of closed) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['::ffff:8.8.8.8', '::ffff:808:808', '1.1.1.1', '198.20.0.1', '2606:4700:4700::1111'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('leaves the Password and Auth Key columns empty in a bulk result file', () => {
    const sheet = {
      header: ['Event Name', 'Auth Key', 'User', 'password'],
      rows: [
        ['trip.created', 'key-1', 'u', 'pw-1'],
        ['trip.closed', 'key-2'],
      ],
    };
    const result = readSheet(
      resultWorkbook(sheet, new Map([[1, { rowNo: 1, ok: true, result: 'Success', recordId: null }]])),
      10,
    );
    expect(result).toEqual({
      header: ['Event Name', 'Auth Key', 'User', 'password', 'Result'],
      rows: [
        ['trip.created', '', 'u', '', 'Success'],
        ['trip.closed', '', '', '', 'Not processed yet'],
      ],
    });
  });
});

describe.each(BACKENDS)('notification configuration on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  let events: { id: number; name: string }[];
  let pendingId: number;
  let receiver: Server;
  let receiverUrl: string;
  const received: { method?: string; headers: IncomingMessage['headers']; body: string }[] = [];

  beforeAll(async () => {
    // Many test sends in a minute here: the outbound quotas have their own tests (abuse-resistance.test.ts).
    t = await bootFresh(backend, { outbound: { testsPerMinute: 1000, deskPerMinute: 1000, companyPerMinute: 1000 } });
    call = (await t.login('ops@demo.local')).call;
    events = (await call('GET', '/notification/onboarded-events')).body.value;
    const all: { id: number; event_status: string }[] = (await call('GET', '/notification/events')).body.value;
    pendingId = all.find((e) => e.event_status === 'PENDING')!.id;
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push({ method: req.method, headers: req.headers, body });
        if (req.url === '/token') {
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ data: { token: 'tok-123' } }));
        } else {
          res.writeHead(202, { 'content-type': 'text/plain' }).end('accepted');
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const TATA = { companyId: 1001, branchId: 3101 };
  const base = (eventIndex: number, extra: Record<string, unknown>) => ({
    customerConfigId: null,
    ...TATA,
    eventId: events[eventIndex].id,
    ...extra,
  });
  const sms = (eventIndex = 0, extra: Record<string, unknown> = {}) =>
    base(eventIndex, { mode: 'SMS', mobilenumbers: '9876543210,8123456789', body: 'Trip {{trip_id}}', ...extra });
  const save = (body: unknown) => call('POST', '/notification/save-configuration', body);
  const list = async (query: string) =>
    (await call('GET', `/notification/configurations?${query}`)).body.value as {
      customerConfigId: number;
      eventName: string;
      isEnabled: boolean;
      mode: string;
    }[];

  it('lists the placeholder tokens of a trip', async () => {
    const res = await call('GET', '/notification/config-form-fields');
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual([...NOTIFICATION_TOKENS]);
    expect(res.body.value).toEqual(
      expect.arrayContaining([
        'trip_id',
        'vehicle_number',
        'driver_name',
        'driver_phone',
        'eta',
        'consignee_name',
        'alert_name',
      ]),
    );
  });

  it('creates one configuration per scope, event and mode; the mode check says configured', async () => {
    const check = (mode: string) =>
      call(
        'GET',
        `/notification/mode-configuration?company_id=1001&branch_id=3101&mode=${mode}&event_id=${events[0].id}`,
      );
    const before = await check('SMS');
    expect(before.body.value).toMatchObject({
      configured: false,
      default_body: expect.stringContaining('{{trip_id}}'),
    });
    expect((await check('EMAIL')).body.value.default_subject).toContain('{{trip_id}}');

    const created = await save(sms());
    expect(created.status).toBe(200);
    expect(created.body.message).toEqual([M.created('SMS')]);
    expect((await check('SMS')).body.value.configured).toBe(true);

    const again = await save(sms());
    expect(again.status).toBe(409);
    expect(again.body.message).toEqual([M.configured]);
    // Another branch, or the company as a whole, is another scope.
    expect((await save(sms(0, { branchId: null }))).status).toBe(200);
    expect(
      (await list('company_id=1001&branch_id=3101')).filter((r) => r.eventName === events[0].name).map((r) => r.mode),
    ).toEqual(['SMS']);
    // The company's own list: this one, beside the seed's company-wide configurations of other events.
    expect((await list('company_id=1001')).filter((r) => r.eventName === events[0].name)).toHaveLength(1);
  });

  it('reads for edit, updates the mode fields and keeps event and mode', async () => {
    const created = await save(
      base(1, {
        mode: 'EMAIL',
        emailTo: 'ops@tata.example',
        emailCc: 'a@tata.example,,',
        subject: 'S {{trip_id}}',
        body: 'B',
        header: 'H',
      }),
    );
    expect(created.status).toBe(200);
    const id = created.body.value.customerConfigId;
    const read = await call(
      'GET',
      `/notification/edit-configuration?customer_config_id=${id}&company_id=1001&branch_id=3101`,
    );
    expect(read.body.value).toMatchObject({
      customerConfigId: id,
      eventId: events[1].id,
      eventName: events[1].name,
      mode: 'EMAIL',
      emailTo: 'ops@tata.example',
      emailCc: 'a@tata.example',
      subject: 'S {{trip_id}}',
    });

    const updated = await save({
      ...read.body.value,
      ...TATA,
      customerConfigId: id,
      eventName: undefined,
      isEnabled: undefined,
      body: 'New body',
    });
    expect(updated.body.message).toEqual([M.updated('EMAIL')]);
    const locked = await save(base(1, { customerConfigId: id, mode: 'SMS', mobilenumbers: '9876543210', body: 'x' }));
    expect(locked.status).toBe(400);
    expect(locked.body.message).toEqual([M.locked]);
    expect(
      (await call('GET', `/notification/edit-configuration?customer_config_id=${id}&company_id=1001`)).body.value.body,
    ).toBe('New body');
  });

  it("answers 404 for another company's configuration, and for ids of another company", async () => {
    const [row] = await list('company_id=1001&branch_id=3101');
    expect(
      (await call('GET', `/notification/edit-configuration?customer_config_id=${row.customerConfigId}&company_id=1002`))
        .status,
    ).toBe(404);
    expect((await call('POST', `/notification/toggle-config/${row.customerConfigId}?company_id=1002`)).status).toBe(
      404,
    );
    expect(
      (await save(sms(0, { customerConfigId: row.customerConfigId, companyId: 1002, branchId: null }))).status,
    ).toBe(404);
    // A branch of another company, an unknown company, a related branch not of the related company.
    expect((await save(sms(2, { companyId: 1002, branchId: 3101 }))).status).toBe(404);
    expect((await save(sms(2, { companyId: 999999, branchId: null }))).status).toBe(404);
    expect((await save(sms(2, { relatedCompanyId: 1002, relatedBranchId: 3101 }))).status).toBe(404);
    expect(
      (await call('GET', '/notification/edit-configuration?customer_config_id=999999&company_id=1001')).status,
    ).toBe(404);
    expect(
      (await call('GET', `/notification/edit-configuration?customer_config_id=${2 ** 31}&company_id=1001`)).status,
    ).toBe(400);
    expect((await call('POST', `/notification/toggle-config/${2 ** 40}?company_id=1001`)).status).toBe(400);
    // Another branch of the same company does not reach a branch's configuration; the company as a whole does.
    expect(
      (
        await call(
          'GET',
          `/notification/edit-configuration?customer_config_id=${row.customerConfigId}&company_id=1001&branch_id=3102`,
        )
      ).status,
    ).toBe(404);
    expect(
      (await call('POST', `/notification/toggle-config/${row.customerConfigId}?company_id=1001&branch_id=3102`)).status,
    ).toBe(404);
    expect((await save(sms(0, { customerConfigId: row.customerConfigId, branchId: 3102 }))).status).toBe(404);
    expect(
      (await call('GET', `/notification/edit-configuration?customer_config_id=${row.customerConfigId}&company_id=1001`))
        .status,
    ).toBe(200);
  });

  it('toggles a configuration', async () => {
    const [row] = await list('company_id=1001&branch_id=3101');
    expect(row.isEnabled).toBe(true);
    const res = await call(
      'POST',
      `/notification/toggle-config/${row.customerConfigId}?company_id=1001&branch_id=3101`,
    );
    expect(res.status).toBe(200);
    expect(res.body.value.isEnabled).toBe(false);
    expect((await list('company_id=1001&branch_id=3101'))[0].isEnabled).toBe(false);
  });

  it('keeps user configurations apart and needs a company or a user', async () => {
    const res = await save(sms(3, { companyId: null, branchId: null, userId: 424242 }));
    expect(res.status).toBe(200);
    expect(await list('user_id=424242')).toHaveLength(1);
    expect(
      (
        await call(
          'GET',
          `/notification/edit-configuration?customer_config_id=${res.body.value.customerConfigId}&user_id=1`,
        )
      ).status,
    ).toBe(404);
    const none = await save(sms(3, { companyId: null, branchId: null }));
    expect(none.body.message).toEqual([M.noScope]);
    expect((await call('GET', '/notification/configurations')).body.message).toEqual([M.noScope]);
  });

  it('refuses bad input per mode with the form texts, and changes nothing', async () => {
    const before = await count(t.store, 'notification_configs');
    const cases: [Record<string, unknown>, string][] = [
      [sms(4, { mobilenumbers: '12345' }), M.mobile],
      [sms(4, { body: '' }), M.smsContent],
      [sms(4, { mobilenumbers: undefined }), M.mobile],
      [base(4, { mode: 'EMAIL', emailTo: 'ops@tata.example', body: 'b' }), M.emailSubject],
      [base(4, { mode: 'EMAIL', emailTo: 'ops@tata.example', subject: 's', body: '   ' }), 'Blank spaces not allowed'],
      [base(4, { mode: 'EMAIL', emailTo: 'not-an-email', subject: 's', body: 'b' }), M.emailTo],
      [base(4, { mode: 'WEBHOOKS', url: 'https://x.example', contentType: 'JSON', authType: 'BASIC' }), M.method],
      [base(4, { mode: 'WEBHOOKS', method: 'POST', contentType: 'JSON', authType: 'BASIC' }), M.url],
      [
        base(4, { mode: 'WEBHOOKS', method: 'POST', url: 'ftp://x', contentType: 'JSON', authType: 'BASIC' }),
        M.urlFormat,
      ],
      [base(4, { mode: 'WEBHOOKS', method: 'POST', url: 'https://x.example', authType: 'BASIC' }), M.contentType],
      [base(4, { mode: 'WEBHOOKS', method: 'POST', url: 'https://x.example', contentType: 'JSON' }), M.authType],
      [
        base(4, {
          mode: 'WEBHOOKS',
          method: 'POST',
          url: 'https://x.example',
          contentType: 'JSON',
          authType: 'BEARER',
          dynamicWebhookConfigs: [{ method: 'POST' }],
        }),
        M.url,
      ],
      [base(4, { mode: 'WHATSAPP', body: '' }), M.whatsappContent],
      [base(4, { mode: 'FAX', body: 'x' }), M.mode],
      [{ ...sms(4), eventId: undefined }, M.event],
      [sms(4, { companyId: '1001' }), M.id],
      [sms(4, { body: 'x'.repeat(10_001) }), M.tooLong(10_000)],
      [sms(4, { eventId: 2 ** 31 }), M.event],
      [sms(4, { customerConfigId: 2 ** 31 }), M.id],
    ];
    for (const [body, message] of cases) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toContain(message);
    }
    expect((await save(sms(0, { eventId: pendingId }))).body.message).toEqual([M.eventNotOnboarded]);
    expect((await save([1, 2])).status).toBe(400);
    expect(await count(t.store, 'notification_configs')).toBe(before);
  });

  it('stores only the fields of the mode, the webhook with its dynamic token config', async () => {
    const res = await save(
      base(5, {
        mode: 'WEBHOOKS',
        method: 'POST',
        url: 'https://hooks.example/in',
        contentType: 'JSON',
        authType: 'BEARER',
        body: '{}',
        mobilenumbers: '9876543210',
        subject: 'left from EMAIL',
        password: 'pw',
        dynamicWebhookConfigs: [
          {
            method: 'POST',
            url: 'https://hooks.example/token',
            contentType: 'JSON',
            authType: 'BASIC',
            accessTokenJsonPath: 'data.token',
          },
        ],
      }),
    );
    expect(res.status).toBe(200);
    const read = (
      await call(
        'GET',
        `/notification/edit-configuration?customer_config_id=${res.body.value.customerConfigId}&company_id=1001`,
      )
    ).body.value;
    expect(read).toMatchObject({
      mode: 'WEBHOOKS',
      url: 'https://hooks.example/in',
      password: NOTIFICATION_SECRET_MASK,
      dynamicWebhookConfigs: [{ accessTokenJsonPath: 'data.token' }],
    });
    expect(read).not.toHaveProperty('mobilenumbers');
    expect(read).not.toHaveProperty('subject');
  });

  it('the shared save answers per payload for the bulk upload', async () => {
    const result = await t.store.tx((q) => saveNotificationConfig(q, { ...sms(6), body: '' } as never));
    expect(result).toEqual({ ok: false, errors: [M.smsContent], status: 400 });
    const stored = await t.store.tx((q) => saveNotificationConfig(q, sms(6) as never));
    expect(stored).toMatchObject({ ok: true, created: true });
    expect(await t.store.tx((q) => saveNotificationConfig(q, sms(6) as never))).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it('previews a template with the sample trip', async () => {
    const res = await call('POST', '/notification/preview', {
      mode: 'EMAIL',
      subject: 'Trip {{trip_id}}',
      body: '{{#if delay_minutes}}late{{else}}on time{{/if}} {{bogus}}',
    });
    expect(res.body.value).toEqual({
      subject: `Trip ${SAMPLE_TRIP.trip_id}`,
      body: 'on time ',
      unknownTokens: ['bogus'],
    });
    const bad = await call('POST', '/notification/preview', { mode: 'SMS', body: '{{#if eta}}x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(['Body: {{#if eta}} is not closed with {{/if}}']);
  });

  it('sends a test to the signed-in operator unless asked for the recipients, and says where it went', async () => {
    // No `to`: the operator's own address and number, never the configuration's recipients.
    const email = await call(
      'POST',
      '/notification/send-test',
      base(1, { mode: 'EMAIL', emailTo: 'dispatch@tata.example', emailCc: 'cc@tata.example', subject: 'S', body: 'B' }),
    );
    expect(email.status).toBe(200);
    expect(email.body.value).toMatchObject({ to: ['ops@demo.local'] });
    const text = await call('POST', '/notification/send-test?to=me', sms(0, { body: 'Trip {{trip_id}}' }));
    expect(text.body.value).toMatchObject({ channel: 'outbox', to: ['9876543210'] });
    const sent = await t.store.query<{ to: string }>('select "to" from outbox order by seq desc limit 3');
    expect(sent.map((m) => m.to)).not.toContain('dispatch@tata.example');
    // A webhook has no such recipient; an unknown `to` is refused in words.
    const hooked = await call(
      'POST',
      '/notification/send-test',
      base(0, {
        mode: 'WEBHOOKS',
        method: 'POST',
        url: 'https://example.com/in',
        contentType: 'JSON',
        authType: 'BASIC',
        user: 'u',
        password: 'p',
        body: '{"trip": "{{trip_id}}"}',
      }),
    );
    expect(hooked).toMatchObject({ status: 400, body: { message: [NOTIFICATION_TEST_MSG.webhookToMe] } });
    const odd = await call('POST', '/notification/send-test?to=everyone', sms(0, { body: 'x' }));
    expect(odd).toMatchObject({ status: 400, body: { message: [NOTIFICATION_TEST_MSG.to] } });
  });

  it('sends tests: SMS and WHATSAPP into the outbox, EMAIL through the mailer', async () => {
    const before = await count(t.store, 'outbox');
    const res = await call('POST', '/notification/send-test?to=recipients', sms(0, { body: 'Trip {{trip_id}}' }));
    expect(res.body.value).toMatchObject({ channel: 'outbox', to: ['9876543210', '8123456789'] });
    const email = await call(
      'POST',
      '/notification/send-test?to=recipients',
      base(1, { mode: 'EMAIL', emailTo: 'ops@tata.example', subject: 'S {{trip_id}}', body: 'Hello {{driver_name}}' }),
    );
    expect(email.body.value).toMatchObject({ channel: 'outbox', to: ['ops@tata.example'] });
    const outbox = (
      await t.store.query<{ to: string; subject: string; body: string }>(
        'select "to", subject, body from outbox order by seq desc limit 1',
      )
    )[0];
    expect(outbox).toEqual({
      to: 'ops@tata.example',
      subject: `S ${SAMPLE_TRIP.trip_id}`,
      body: `Hello ${SAMPLE_TRIP.driver_name}`,
    });
    expect(await count(t.store, 'outbox')).toBe(before + 3);
  });

  it('sends a webhook test for real, with its auth, and refuses local addresses unless allowed', async () => {
    const hook = (url: string, extra: Record<string, unknown> = {}) =>
      base(0, {
        mode: 'WEBHOOKS',
        method: 'POST',
        url,
        contentType: 'JSON',
        authType: 'BASIC',
        user: 'u',
        password: 'p',
        body: '{"trip": "{{trip_id}}"}',
        ...extra,
      });
    const saved = process.env.NOTIFY_WEBHOOK_ALLOW_HOSTS;
    delete process.env.NOTIFY_WEBHOOK_ALLOW_HOSTS;
    try {
      const blocked = await call('POST', '/notification/send-test?to=recipients', hook(`${receiverUrl}/in`));
      expect(blocked.status).toBe(400);
      expect(blocked.body.message).toEqual([NOTIFICATION_TEST_MSG.blockedHost]);
      process.env.NOTIFY_WEBHOOK_ALLOW_HOSTS = '127.0.0.1';
      const res = await call('POST', '/notification/send-test?to=recipients', hook(`${receiverUrl}/in`));
      expect(res.body.value).toMatchObject({ channel: 'webhook', status: 202, answer: 'accepted' });
      const got = received[received.length - 1];
      expect(got).toMatchObject({ method: 'POST', body: `{"trip": "${SAMPLE_TRIP.trip_id}"}` });
      expect(got.headers.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
      expect(got.headers['content-type']).toBe('application/json');

      const bearer = await call(
        'POST',
        '/notification/send-test?to=recipients',
        hook(`${receiverUrl}/in`, {
          authType: 'BEARER',
          dynamicWebhookConfigs: [
            {
              method: 'POST',
              url: `${receiverUrl}/token`,
              contentType: 'JSON',
              authType: 'BASIC',
              accessTokenJsonPath: 'data.token',
            },
          ],
        }),
      );
      expect(bearer.body.value.status).toBe(202);
      expect(received[received.length - 1].headers.authorization).toBe('Bearer tok-123');
    } finally {
      if (saved === undefined) delete process.env.NOTIFY_WEBHOOK_ALLOW_HOSTS;
      else process.env.NOTIFY_WEBHOOK_ALLOW_HOSTS = saved;
    }
  });

  it('refuses IPv4-mapped IPv6 (hex form too) and names resolving to loopback, the address checked being the one used', async () => {
    const port = new URL(receiverUrl).port;
    const hook = (url: string) =>
      base(0, {
        mode: 'WEBHOOKS',
        method: 'POST',
        url,
        contentType: 'JSON',
        authType: 'BASIC',
        user: 'u',
        password: 'p',
        body: '{}',
      });
    const saved = process.env.NOTIFY_WEBHOOK_ALLOW_HOSTS;
    delete process.env.NOTIFY_WEBHOOK_ALLOW_HOSTS;
    const before = received.length;
    try {
      for (const url of [
        `http://[::ffff:127.0.0.1]:${port}/in`,
        `http://[::ffff:7f00:1]:${port}/in`,
        'http://[::ffff:169.254.169.254]/latest/meta-data/',
        `http://localhost:${port}/in`,
      ]) {
        const res = await call('POST', '/notification/send-test?to=recipients', hook(url));
        expect(res.status, url).toBe(400);
        expect(res.body.message, url).toEqual([NOTIFICATION_TEST_MSG.blockedHost]);
      }
      // The dynamic token call goes through the same guard.
      const token = await call('POST', '/notification/send-test?to=recipients', {
        ...hook('https://hooks.example/in'),
        authType: 'BEARER',
        dynamicWebhookConfigs: [
          { method: 'POST', url: `http://localhost:${port}/token`, contentType: 'JSON', authType: 'BASIC' },
        ],
      });
      expect(token.body.message).toEqual([NOTIFICATION_TEST_MSG.blockedHost]);
      expect(received.length).toBe(before);
      process.env.NOTIFY_WEBHOOK_ALLOW_HOSTS = 'localhost';
      const allowed = await call('POST', '/notification/send-test?to=recipients', hook(`http://localhost:${port}/in`));
      expect(allowed.body.value).toMatchObject({ channel: 'webhook', status: 202, answer: 'accepted' });
    } finally {
      if (saved === undefined) delete process.env.NOTIFY_WEBHOOK_ALLOW_HOSTS;
      else process.env.NOTIFY_WEBHOOK_ALLOW_HOSTS = saved;
    }
  });

  it('keeps webhook secrets out of the settings and the audit log, masks them in the edit read and keeps them when sent back', async () => {
    const secrets = [
      'hook-pass-123',
      'hook-key-456',
      'X-Api-Key: head-789',
      'dyn-key-012',
      'client_secret=dyn-345',
      'X-Dyn: dyn-678',
    ];
    const [password, authkey, header, dynKey, dynContent, dynHeader] = secrets;
    const payload = base(5, {
      branchId: null,
      mode: 'WEBHOOKS',
      method: 'POST',
      url: `${receiverUrl}/in`,
      contentType: 'JSON',
      authType: 'BASIC',
      body: '{}',
      user: 'hook-user',
      password,
      authkey,
      header,
      dynamicWebhookConfigs: [
        {
          method: 'POST',
          url: `${receiverUrl}/token`,
          contentType: 'URL_ENCODED',
          authType: 'BASIC',
          authkey: dynKey,
          content: dynContent,
          header: dynHeader,
        },
      ],
    });
    const created = await save(payload);
    expect(created.status).toBe(200);
    const id = created.body.value.customerConfigId as number;
    const row = async () =>
      (
        await t.store.query<{ settings: Record<string, unknown>; secrets: Record<string, unknown> }>(
          'select settings, secrets from notification_configs where id = $1',
          [id],
        )
      )[0];
    const stored = await row();
    expect(stored.secrets).toEqual({
      password,
      authkey,
      header,
      dynamicWebhookConfigs: [{ authkey: dynKey, content: dynContent, header: dynHeader }],
    });
    for (const secret of secrets) expect(JSON.stringify(stored.settings)).not.toContain(secret);

    const read = (await call('GET', `/notification/edit-configuration?customer_config_id=${id}&company_id=1001`)).body
      .value;
    expect(read).toMatchObject({
      user: 'hook-user',
      password: NOTIFICATION_SECRET_MASK,
      authkey: NOTIFICATION_SECRET_MASK,
      header,
    });
    expect(read.dynamicWebhookConfigs).toEqual([
      {
        method: 'POST',
        url: `${receiverUrl}/token`,
        contentType: 'URL_ENCODED',
        authType: 'BASIC',
        authkey: NOTIFICATION_SECRET_MASK,
        content: dynContent,
        header: dynHeader,
      },
    ]);
    expect(JSON.stringify(read)).not.toContain(password);
    expect(JSON.stringify(read)).not.toContain(authkey);
    expect(JSON.stringify(read)).not.toContain(dynKey);

    // The form sends the read back (masks unchanged, the body edited): the secrets stay.
    const { customerConfigId: _id, eventName: _name, isEnabled: _enabled, ...fields } = read;
    const updated = await save({ ...payload, ...fields, customerConfigId: id, body: '{"v": 2}' });
    expect(updated.status).toBe(200);
    expect((await row()).secrets).toEqual(stored.secrets);
    expect((await row()).settings.body).toBe('{"v": 2}');
    // A new value replaces the stored one.
    await save({ ...payload, ...fields, customerConfigId: id, password: 'new-pass-901' });
    expect((await row()).secrets.password).toBe('new-pass-901');

    const audit = JSON.stringify(await t.store.query('select * from audit_log'));
    for (const secret of [...secrets, 'new-pass-901']) expect(audit).not.toContain(secret);

    // Send test of the edited configuration with the masks: the stored password is used.
    const saved = process.env.NOTIFY_WEBHOOK_ALLOW_HOSTS;
    process.env.NOTIFY_WEBHOOK_ALLOW_HOSTS = '127.0.0.1';
    try {
      const sent = await call('POST', '/notification/send-test?to=recipients', {
        ...payload,
        ...fields,
        customerConfigId: id,
        dynamicWebhookConfigs: undefined,
      });
      expect(sent.body.value).toMatchObject({ channel: 'webhook', status: 202 });
      expect(received[received.length - 1].headers.authorization).toBe(
        `Basic ${Buffer.from('hook-user:new-pass-901').toString('base64')}`,
      );
      expect(received[received.length - 1].headers['x-api-key']).toBe('head-789');
    } finally {
      if (saved === undefined) delete process.env.NOTIFY_WEBHOOK_ALLOW_HOSTS;
      else process.env.NOTIFY_WEBHOOK_ALLOW_HOSTS = saved;
    }
  });
});
