import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls, platformCalls } from '../../schemas/api';
import { AUTH_BODY_LIMIT } from '../../schemas/api/auth';
import { ALERT_COLUMNS } from '../../schemas/alert-bulk';
import { MAX_MESSAGES, TEXT_GUARD_MSG } from '../../server/http/text-guard';
import { BACKENDS, bootFresh, count, dataFailure, type Answer, type Call, type TestApp } from './helper';

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

/** The reported shapes that held the server (issue 9 follow-up): one object of 26,000 fields (about 270 KB)... */
const WIDE = Object.fromEntries(Array.from({ length: 26_000 }, (_, i) => [`k${i}`, 1]));
/** ...7.5 MB of brackets, and 6 MB of them around a `__proto__` (which Fastify's JSON parser scans for again)... */
const BRACKETS = `${'['.repeat(3_750_000)}${']'.repeat(3_750_000)}`;
const PROTO_BRACKETS = `${'['.repeat(3_000_000)}{"__proto__":1}${']'.repeat(3_000_000)}`;
/** ...and lists far beyond their `maxItems`: 160,000 user ids (985 KB), 320,000 ones. */
const MANY_IDS = Array.from({ length: 160_000 }, (_, i) => i + 1);
const MANY_ONES = new Array<number>(320_000).fill(1);

const TATA = 'c=1001&b=3101&d=31011&t=CONSIGNOR&pt=TRANSPORTER';
/** A 1x1 PNG, the start of every logo below. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const TRANSPORTER = {
  transporterName: 'Safexpress Private Limited',
  branch: 'Pune',
  address: 'Chakan',
  state: 'Maharashtra',
  city: 'Pune',
  contactPerson: 'Meera Joshi',
  phoneNumber: '9890012345',
};

/** The texts of an answer in either envelope. */
const messagesOf = (answer: Answer): string[] => answer.body.message ?? answer.body.result.message.split('; ');
/** An answer is short: it never echoes the request back. */
const SHORT = 400;
const TOO_LARGE = { success: false, data: null, message: ['Request is too large'] };

/** The three auth calls with `identifier` in their body (the code and password are well formed). */
const authBodies = (identifier: string) =>
  [
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
    expect(sent.slice(0, 3).map((answer) => [answer.status, answer.body])).toEqual([
      [413, TOO_LARGE],
      [413, TOO_LARGE],
      [413, TOO_LARGE],
    ]);
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
      expect(allOrNone).toMatchObject({
        status: 400,
        body: dataFailure('Row 1: emailId_level_one must be e-mail addresses separated by commas'),
      });
      expect(oneByOne.status).toBe(200);
      expect(oneByOne.body.result.data).toEqual([
        { index: 0, status: 'Error', message: 'emailId_level_one must be e-mail addresses separated by commas' },
      ]);
    }
    expect(await count(t.store, 'alert_configs')).toBe(before);
  });

  it("answers a 64 KB e-mail list in a report definition with 'Please select EmailId', storing nothing", async () => {
    const entity = (await call('GET', '/saas/lego/cbdt?c=1001')).body.data.id;
    const before = await count(t.store, 'report_schedules');
    const definition = (emails: string) => ({
      email_recipients: emails,
      company_id: '1001',
      schedule: { cron: '0 0 3 * * ?', type: 'DAILY' },
    });
    for (const emails of EMAIL_LIST_ATTACKS) {
      const [created, health] = await Promise.all([
        call('POST', '/saas/v1/rs/definition/create?c=1001', {
          entity_id: entity,
          type: 'DAILY_TRIP_SUMMARY',
          definition: definition(emails),
        }),
        t.call('GET', platformCalls.health.path),
      ]);
      expect(health.status).toBe(200);
      expect(created).toMatchObject({ status: 400, body: { success: false, message: ['Please select EmailId'] } });
    }
    expect(await count(t.store, 'report_schedules')).toBe(before);
    // A list of good addresses is still taken.
    const good = await call('POST', '/saas/v1/rs/definition/create?c=1001', {
      entity_id: entity,
      type: 'DAILY_TRIP_SUMMARY',
      definition: definition('a@x.in, b@x.in'),
    });
    expect(good.status).toBe(200);
    expect(await count(t.store, 'report_schedules')).toBe(before + 1);
  });
  /** Sends each request with /health beside it: every answer and /health's, which must be 200 meanwhile. */
  async function withHealth(requests: Promise<Answer>[]): Promise<Answer[]> {
    const answers = await Promise.all([...requests, t.call('GET', platformCalls.health.path)]);
    expect(answers.pop()).toMatchObject({ status: 200, body: { status: 'ok' } });
    return answers;
  }

  /** Each answer is a 400 saying only `message`, in its envelope, and short. */
  function refusedWith(answers: Answer[], message: string) {
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body).slice(0, 200)).toBe(400);
      expect(messagesOf(answer)).toEqual([message]);
      expect(JSON.stringify(answer.body).length).toBeLessThan(SHORT);
    }
  }

  it('refuses an object of 26,000 fields on every call the review tried, storing nothing, with /health meanwhile', async () => {
    expect(JSON.stringify(WIDE).length).toBeGreaterThan(250_000);
    const before = [
      await count(t.store, 'alert_configs'),
      await count(t.store, 'company_vehicles'),
      await count(t.store, 'report_schedules'),
    ];
    const answers = await withHealth([
      call('POST', '/saas/data/automation/setAlerts?companyId=1001&key=lego-console', [WIDE]),
      call('POST', '/saas/data/automation/setAlerts?companyId=1001&key=lego-console&allOrNone=true', [
        { CompanyId: '1001', Alert_Name: 'untracked' },
        WIDE,
      ]),
      call('POST', `/saas/lego/company_vehicles/create?${TATA}`, WIDE),
      call('POST', '/saas/v1/rs/definition/create?c=1001', { ...WIDE, type: 'DAILY_TRIP_SUMMARY' }),
      call('POST', '/saas/data/automationdashboard/setDashboard', WIDE),
      call('POST', '/saas/data/autoclosure/createAndUpdateAutoClosure', { companyId: '1001', rows: [WIDE] }),
    ]);
    refusedWith(answers, TEXT_GUARD_MSG.fields);
    expect(answers[0].body).toEqual(dataFailure(TEXT_GUARD_MSG.fields));
    expect(answers[2].body).toEqual({ success: false, data: null, message: [TEXT_GUARD_MSG.fields] });
    expect([
      await count(t.store, 'alert_configs'),
      await count(t.store, 'company_vehicles'),
      await count(t.store, 'report_schedules'),
    ]).toEqual(before);
  });

  it('refuses 7.5 MB of brackets, and 6 MB around a __proto__, before parsing them', async () => {
    const before = await count(t.store, 'routes');
    const answers = await withHealth([
      call('POST', `/saas/lego/company_routes/create?${TATA}`, BRACKETS, {
        headers: { 'content-type': 'application/json' },
      }),
      call('POST', `/saas/lego/company_routes/create?${TATA}`, PROTO_BRACKETS, {
        headers: { 'content-type': 'application/json' },
      }),
      call('POST', `/saas/lego/company_routes/create?${TATA}`, [
        { label: 'Deep', places: JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`) },
      ]),
    ]);
    refusedWith(answers, TEXT_GUARD_MSG.deep);
    expect(await count(t.store, 'routes')).toBe(before);
  });

  it('refuses lists far beyond their maxItems at once: 160,000 and 320,000 user ids', async () => {
    const answers = await withHealth([
      call('POST', '/saas/data/automationdashboard/setDashboard', { companyId: '1001', userId: MANY_IDS }),
      call('POST', '/saas/data/onBoardingAPI/updateSideMenuList', {
        companyId: '1001',
        extracontext: ['trips'],
        userId: MANY_ONES,
      }),
    ]);
    refusedWith(answers, TEXT_GUARD_MSG.items);
    // Within the guard's cap, the list's own maxItems speaks.
    const hundredOne = await call('POST', '/saas/data/onBoardingAPI/updateSideMenuList', {
      companyId: '1001',
      extracontext: ['trips'],
      userId: MANY_IDS.slice(0, 101),
    });
    expect(hundredOne.status).toBe(400);
    expect(messagesOf(hundredOne)).toContain('You can only add up to 100 user IDs');
  });

  it('counts the rows of a bulk body before it reads any: 100,000 rows get the row limit, not 100,000 answers', async () => {
    const rows = new Array(100_000).fill({});
    const [alerts, routes] = await withHealth([
      call('POST', '/saas/data/automation/setAlerts?companyId=1001&key=lego-console', rows),
      call('POST', `/saas/lego/company_routes/create?${TATA}`, rows),
    ]);
    refusedWith([alerts], 'At most 600 rows can be uploaded at once');
    refusedWith([routes], 'Maximum 500 rows allowed');
  });

  it(`says at most ${MAX_MESSAGES} problems in one answer, then how many more`, async () => {
    const allWrong = Object.fromEntries(
      Object.keys(TRANSPORTER)
        .concat('active', 'uid', 'logo')
        .map((key) => [key, { x: 1 }]),
    );
    const main = await call('POST', '/tms/transporters?c=1002', allWrong);
    expect(main.status).toBe(400);
    expect(main.body.message).toHaveLength(MAX_MESSAGES + 1);
    expect(main.body.message.at(-1)).toMatch(/^and \d+ more problems?$/);
    // A bulk row's reasons too, in its status text and in an all-or-none answer.
    const row = Object.fromEntries(ALERT_COLUMNS.map(([key]) => [key, { x: 1 }]));
    const [oneByOne, allOrNone] = await Promise.all([
      call('POST', '/saas/data/automation/setAlerts?companyId=1001&key=lego-console', [row]),
      call('POST', '/saas/data/automation/setAlerts?companyId=1001&key=lego-console&allOrNone=true', [row]),
    ]);
    const reasons = oneByOne.body.result.data[0].message.split('; ');
    expect(reasons).toHaveLength(MAX_MESSAGES + 1);
    expect(reasons.at(-1)).toMatch(/^and \d+ more problems$/);
    expect(allOrNone.status).toBe(400);
    expect(allOrNone.body.result.message).toBe(`Row 1: ${reasons.join('; ')}`);
    expect(JSON.stringify(allOrNone.body).length).toBeLessThan(1_000);
  });

  it('takes a 1 MB logo and refuses one that is not base64 or too large, with /health meanwhile', async () => {
    const bytes = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(1024 * 1024 - 100, 7)]);
    const data = bytes.toString('base64');
    expect(data.length).toBeGreaterThan(1_390_000);
    const logo = (text: string) => ({ ...TRANSPORTER, logo: { name: 'big.png', type: 'image/png', data: text } });
    const before = await count(t.store, 'transporters');
    const [taken, ...refused] = await withHealth([
      call('POST', '/tms/transporters?c=1002', logo(data)),
      call('POST', '/tms/transporters?c=1002', logo(`${data.slice(0, -4)}AA!=`)),
      call('POST', '/tms/transporters?c=1002', logo(`${data.slice(0, 400)}=${data.slice(401)}`)),
      call('POST', '/tms/transporters?c=1002', logo(data.slice(0, -1))),
      call('POST', '/tms/transporters?c=1002', logo(`${data.slice(0, 100)} ${data.slice(101)}`)),
    ]);
    expect(taken.status).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: taken.body.data.logoUrl });
    expect(served.rawPayload.equals(bytes)).toBe(true);
    refusedWith(refused, 'Logo is not a valid image');
    expect(await count(t.store, 'transporters')).toBe(before + 1);
  });
});
