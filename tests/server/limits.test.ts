import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls, platformCalls } from '../../schemas/api';
import { AUTH_BODY_LIMIT } from '../../schemas/api/auth';
import { BACKENDS, bootFresh, count, dataFailure, type Call, type TestApp } from './helper';

/**
 * No input stalls the server (issue 9): the texts that took the reported regular expressions 8 to 27 seconds are
 * answered at once with the field's message, and the server keeps answering others meanwhile. The patterns
 * themselves are checked one by one in schemas/patterns.test.ts.
 */

/** The reported login attack: 256 KB of `a.` between two `@`. */
const IDENTIFIER_ATTACK = `a@${'a.'.repeat(128_000)}@`;
/** The same shape, small enough to pass the auth calls' body limit and reach the schema. */
const SMALL_IDENTIFIER_ATTACK = `a@${'a.'.repeat(1_900)}@`;
/** The reported e-mail list attacks, 64 KB each: one huge address, and many addresses with a bad last one. */
const EMAIL_LIST_ATTACKS = [`a@${'a.'.repeat(32_000)}@`, `${'a@a.a,'.repeat(10_900)}a@`];

const IDENTIFIER_MESSAGE = 'Please enter a valid e-mail or 10 digit phone number';
const TOO_LARGE = { success: false, data: null, message: ['Request is too large'] };

/** The three auth calls with `identifier` in their body (the code and password are well formed). */
const authBodies = (identifier: string) => [
  [authCalls.requestCode.path, { identifier }],
  [authCalls.verifyCode.path, { identifier, code: '123456' }],
  [authCalls.changePassword.path, { identifier, code: '123456', password: 'secret123' }],
] as const;

describe.each(BACKENDS)('input limits on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('keeps the login bodies small', () => {
    expect(SMALL_IDENTIFIER_ATTACK.length).toBeLessThan(AUTH_BODY_LIMIT - 100);
    expect(IDENTIFIER_ATTACK.length).toBeGreaterThan(256_000);
    for (const path of [authCalls.requestCode.path, authCalls.verifyCode.path, authCalls.changePassword.path]) {
      expect(t.app.hasRoute({ method: 'POST', url: path })).toBe(true);
    }
  });

  it('answers the reported login attacks with 413 or the identifier message, and /health meanwhile', async () => {
    const sent = await Promise.all([
      ...authBodies(IDENTIFIER_ATTACK).map(([path, body]) => t.call('POST', path, body)),
      ...authBodies(SMALL_IDENTIFIER_ATTACK).map(([path, body]) => t.call('POST', path, body)),
      t.call('GET', platformCalls.health.path),
    ]);
    const health = sent.pop()!;
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
    // The 256 KB bodies are refused before they are parsed.
    expect(sent.slice(0, 3).map((answer) => [answer.status, answer.body])).toEqual([[413, TOO_LARGE], [413, TOO_LARGE], [413, TOO_LARGE]]);
    // Within the limit, the identifier's own message.
    for (const answer of sent.slice(3)) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(IDENTIFIER_MESSAGE);
    }
  });

  it('still logs in with a well-formed identifier after them', async () => {
    expect((await t.call('POST', authCalls.requestCode.path, { identifier: 'ops@demo.local' })).status).toBe(200);
  });

  it('answers a 64 KB e-mail list in setAlerts with the column message, storing nothing', async () => {
    const before = await count(t.store, 'alert_configs');
    for (const emails of EMAIL_LIST_ATTACKS) {
      const row = { CompanyId: '1001', Alert_Name: 'untracked', emailId_level_one: emails };
      const [allOrNone, oneByOne, health] = await Promise.all([
        call('POST', '/saas/data/automation/setAlerts?key=lego-console&allOrNone=true', [row]),
        call('POST', '/saas/data/automation/setAlerts?key=lego-console&allOrNone=false', [row]),
        t.call('GET', platformCalls.health.path),
      ]);
      expect(health.status).toBe(200);
      expect(allOrNone).toMatchObject({ status: 400, body: dataFailure('Row 1: emailId_level_one must be e-mail addresses separated by commas') });
      expect(oneByOne.status).toBe(200);
      expect(oneByOne.body.result.data).toEqual([{ index: 0, status: 'Error', message: 'emailId_level_one must be e-mail addresses separated by commas' }]);
    }
    expect(await count(t.store, 'alert_configs')).toBe(before);
  });

  it("answers a 64 KB e-mail list in a report definition with 'Please select EmailId', storing nothing", async () => {
    const entity = (await call('GET', '/saas/lego/cbdt?c=1001')).body.data.id;
    const before = await count(t.store, 'report_schedules');
    const definition = (emails: string) => ({ email_recipients: emails, company_id: '1001', schedule: { cron: '0 0 3 * * ?', type: 'DAILY' } });
    for (const emails of EMAIL_LIST_ATTACKS) {
      const [created, health] = await Promise.all([
        call('POST', '/saas/v1/rs/definition/create?c=1001', { entity_id: entity, type: 'DAILY_TRIP_SUMMARY', definition: definition(emails) }),
        t.call('GET', platformCalls.health.path),
      ]);
      expect(health.status).toBe(200);
      expect(created).toMatchObject({ status: 400, body: { success: false, message: ['Please select EmailId'] } });
    }
    expect(await count(t.store, 'report_schedules')).toBe(before);
    // A list of good addresses is still taken.
    const good = await call('POST', '/saas/v1/rs/definition/create?c=1001', { entity_id: entity, type: 'DAILY_TRIP_SUMMARY', definition: definition('a@x.in, b@x.in') });
    expect(good.status).toBe(200);
    expect(await count(t.store, 'report_schedules')).toBe(before + 1);
  });
});
