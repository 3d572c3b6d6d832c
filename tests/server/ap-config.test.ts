import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AP_MSG, AP_VALUE_MAX } from '../../schemas/ap-config';
import { declarationOf } from '../../schemas/audited';
import { MSG } from '../../schemas/messages';
import { auditInWords, BACKENDS, bootFresh, count, type Call, type TestApp } from './helper';

/**
 * The AP config service (spec 002 sections 2.6, 3, 5, 7 and 9; API.md "AP config"): a zero-based page, one by id,
 * create, update and delete, scoped to the company in the query; bad input is a 400 that changes nothing.
 */

const TATA = 'c=1001&t=CONSIGNOR';
const TATA_BRANCH = 'c=1001&b=3101&t=CONSIGNOR';
const HUL = 'c=1002&t=CONSIGNOR';
const BASE = '/saas/v1/ap/config';
const LIST = `${BASE}/fetch/all`;

const config = (extra: Record<string, unknown> = {}) => ({
  cbdt_id: 1001,
  partner_cbdt_id: 2001,
  type: 'EXCEPTION_CHARGES',
  value: { detention: { perHour: 250, freeHours: 4 }, currency: 'INR' },
  ...extra,
});

describe.each(BACKENDS)('AP config on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  let token: string;
  beforeAll(async () => {
    t = await bootFresh(backend);
    ({ call, deskToken: token } = await t.login('ops@demo.local'));
  });
  afterAll(() => t?.close());

  const create = (scope: string, body: unknown) => call('POST', `${BASE}?${scope}`, body);
  const rows = () => count(t.store, 'ap_configs');

  it('creates, reads with an ETag, pages from 0 newest first, updates and deletes', async () => {
    const made = await create(TATA, config());
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      success: true,
      data: { cbdt_id: 1001, partner_cbdt_id: 2001, type: 'EXCEPTION_CHARGES', value: config().value },
    });
    const id = made.body.data.id as number;
    expect(Number.isInteger(id)).toBe(true);

    // partner_cbdt_id is 0 when missing (or null).
    const second = await create(
      TATA_BRANCH,
      config({ partner_cbdt_id: undefined, type: 'DESK', value: { desk: 'ap-west' } }),
    );
    expect(second.body.data.partner_cbdt_id).toBe(0);
    expect(
      (await create(TATA, config({ partner_cbdt_id: null, type: 'SETTINGS', value: {} }))).body.data.partner_cbdt_id,
    ).toBe(0);

    const read = await call('GET', `${BASE}/${id}?${TATA}`);
    expect(read.status).toBe(200);
    expect(read.headers.etag).toMatch(/^"\d+"$/);
    expect(read.body).toEqual({ success: true, data: { id, ...config() }, message: [] });

    const first = await call('GET', `${LIST}?${TATA}&page_size=2&page_number=0`);
    expect(first.body.success).toBe(true);
    expect(first.body.data.total).toBe(3);
    expect(first.body.data.data.map((r: { type: string }) => r.type)).toEqual(['SETTINGS', 'DESK']);
    const next = await call('GET', `${LIST}?${TATA}&page_size=2&page_number=1`);
    expect(next.body.data.data.map((r: { id: number }) => r.id)).toEqual([id]);
    // Page size 10 and the first page when not named.
    expect((await call('GET', `${LIST}?${TATA}`)).body.data.data).toHaveLength(3);
    // A search: the type, a CBDT id, or text in the value (a LIKE wildcard is a character like any other).
    const search = async (q: string) => (await call('GET', `${LIST}?${TATA}&q=${encodeURIComponent(q)}`)).body.data;
    expect(await search('desk')).toMatchObject({ total: 1, data: [{ type: 'DESK' }] });
    expect((await search('ap-west')).data.map((r: { type: string }) => r.type)).toEqual(['DESK']);
    expect((await search('2001')).data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(await search('%')).toMatchObject({ total: 0, data: [] });
    expect((await call('GET', `${LIST}?${TATA}&q=${'x'.repeat(101)}`)).status).toBe(400);

    const updated = await call(
      'PUT',
      `${BASE}/${id}?${TATA}`,
      config({ type: 'SETTINGS', value: { changed: [1, 2, 3] } }),
      {
        headers: { 'if-match': String(read.headers.etag) },
      },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, type: 'SETTINGS', value: { changed: [1, 2, 3] } });
    // The old ETag is stale now: 412, nothing changes.
    const stale = await call('PUT', `${BASE}/${id}?${TATA}`, config({ type: 'DESK' }), {
      headers: { 'if-match': String(read.headers.etag) },
    });
    expect(stale).toMatchObject({ status: 412, body: { success: false, message: [MSG.staleRecord] } });
    expect((await call('GET', `${BASE}/${id}?${TATA}`)).body.data.type).toBe('SETTINGS');

    const before = await rows();
    const removed = await call('DELETE', `${BASE}/${id}?${TATA}`);
    expect(removed.body).toMatchObject({ success: true });
    expect(await rows()).toBe(before - 1);
    expect((await call('GET', `${BASE}/${id}?${TATA}`)).status).toBe(404);
    expect((await call('DELETE', `${BASE}/${id}?${TATA}`)).status).toBe(404);
  });

  it("answers 404 to another company's id and changes nothing; lists only the company's own", async () => {
    const own = (await create(TATA, config({ type: 'DESK' }))).body.data.id as number;
    const before = await rows();
    expect((await call('GET', `${BASE}/${own}?${HUL}`)).status).toBe(404);
    const put = await call('PUT', `${BASE}/${own}?${HUL}`, config({ cbdt_id: 1002 }));
    expect(put.status).toBe(404);
    expect((await call('DELETE', `${BASE}/${own}?${HUL}`)).status).toBe(404);
    expect(await rows()).toBe(before);
    expect((await call('GET', `${BASE}/${own}?${TATA}`)).body.data.type).toBe('DESK');
    const hul = await call('GET', `${LIST}?${HUL}`);
    expect(hul.body.data.data.map((r: { id: number }) => r.id)).not.toContain(own);
    // An id that was never there, and a company that is not there.
    expect((await call('GET', `${BASE}/999999?${TATA}`)).status).toBe(404);
    expect((await call('GET', `${LIST}?c=no-such-company`)).status).toBe(404);
  });

  it('refuses bad input with the messages the form shows, changing nothing', async () => {
    const before = await rows();
    const refusals: [unknown, string][] = [
      [{ partner_cbdt_id: 0, type: 'DESK', value: {} }, AP_MSG.cbdtRequired],
      [config({ type: undefined }), AP_MSG.typeRequired],
      [config({ type: 'PAYMENTS' }), AP_MSG.typeRequired],
      [config({ value: undefined }), AP_MSG.jsonRequired],
      [config({ value: '{"a":1}' }), AP_MSG.valueObject],
      [config({ value: [1, 2] }), AP_MSG.valueObject],
      [config({ value: null }), AP_MSG.valueObject],
      [config({ cbdt_id: '1001' }), AP_MSG.cbdtNumber],
      [config({ cbdt_id: 1.5 }), AP_MSG.cbdtNumber],
      [config({ cbdt_id: 2 ** 40 }), AP_MSG.cbdtNumber],
      [config({ partner_cbdt_id: -1 }), AP_MSG.partnerNumber],
      [config({ cbdt_id: 1002 }), AP_MSG.cbdtNotCompany],
      [config({ partner_cbdt_id: 2003 }), AP_MSG.partnerUnknown],
      [config({ value: { text: 'x'.repeat(AP_VALUE_MAX) } }), AP_MSG.valueTooLarge],
      // The body's fields are the declaration's (schemas/resources/ap-configs.ts), no others.
      [{ ...config(), company_id: '1002' }, 'Send only the fields of an AP config'],
    ];
    for (const [body, message] of refusals) {
      const answer = await create(TATA, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message).toContain(message);
    }
    // Not JSON, not an object, too large a body, odd ids and pages: never a 500.
    expect((await call('POST', `${BASE}?${TATA}`, [1, 2])).status).toBe(400);
    expect((await call('POST', `${BASE}?${TATA}`, config({ value: { text: 'x'.repeat(100_000) } }))).status).toBe(413);
    for (const id of ['abc', '0', '-1', '1e3', '12345678901', '1.5']) {
      const answer = await call('GET', `${BASE}/${id}?${TATA}`);
      expect([400, 404], id).toContain(answer.status);
    }
    expect((await call('GET', `${BASE}/1`)).body.message).toContain(MSG.selectCompany);
    for (const query of ['page_size=0', 'page_size=101', 'page_size=x', 'page_number=-1', 'page_number=1.5']) {
      const answer = await call('GET', `${LIST}?${TATA}&${query}`);
      expect(answer.status, query).toBe(400);
    }
    expect((await call('GET', `${LIST}?${TATA}&page_size=10&page_number=50`)).body.data.data).toEqual([]);
    expect(await rows()).toBe(before);
  });

  it('refuses a second config of a type for the same CBDT id and partner with 409, on create and update, changing nothing', async () => {
    // Left by the tests above: DESK and SETTINGS with partner 0, DESK with partner 2001.
    const made = await create(TATA, config({ partner_cbdt_id: 2002, type: 'SETTINGS', value: { first: true } }));
    expect(made.status).toBe(200);
    const before = await rows();
    const exists = { status: 409, body: { success: false, data: null, message: [AP_MSG.exists] } };
    // The same key, whatever the value, from any branch of the company.
    expect(
      await create(TATA, config({ partner_cbdt_id: 2002, type: 'SETTINGS', value: { first: true } })),
    ).toMatchObject(exists);
    expect(
      await create(TATA_BRANCH, config({ partner_cbdt_id: 2002, type: 'SETTINGS', value: { other: 1 } })),
    ).toMatchObject(exists);
    // Partner 0 when missing is the same as 0.
    expect(await create(TATA, config({ partner_cbdt_id: undefined, type: 'DESK', value: {} }))).toMatchObject(exists);
    expect(await rows()).toBe(before);
    // Another partner or type is another config; another company may hold the same type and partner.
    const other = await create(TATA, config({ partner_cbdt_id: 2002, type: 'DESK', value: {} }));
    expect(other.status).toBe(200);
    expect(
      (await create(HUL, config({ cbdt_id: 1002, partner_cbdt_id: 2002, type: 'SETTINGS', value: {} }))).status,
    ).toBe(200);
    // An update onto another config's key is refused and changes nothing; onto its own key it is a plain edit.
    const id = other.body.data.id as number;
    expect(
      await call('PUT', `${BASE}/${id}?${TATA}`, config({ partner_cbdt_id: 2002, type: 'SETTINGS', value: {} })),
    ).toMatchObject(exists);
    expect((await call('GET', `${BASE}/${id}?${TATA}`)).body.data).toMatchObject({
      type: 'DESK',
      partner_cbdt_id: 2002,
    });
    expect(
      (
        await call(
          'PUT',
          `${BASE}/${id}?${TATA}`,
          config({ partner_cbdt_id: 2002, type: 'DESK', value: { edited: true } }),
        )
      ).status,
    ).toBe(200);
    // Once deleted, the key is free again.
    expect((await call('DELETE', `${BASE}/${made.body.data.id}?${TATA}`)).status).toBe(200);
    expect(
      (await create(TATA, config({ partner_cbdt_id: 2002, type: 'SETTINGS', value: { again: true } }))).status,
    ).toBe(200);
  });

  it('refuses one of two identical creates sent at once', async () => {
    const body = config({ partner_cbdt_id: 2001, type: 'SETTINGS', value: { race: true } });
    const answers = await Promise.all([create(TATA, body), create(TATA, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('writes every change to the audit log in the same transaction', async () => {
    const made = (await create(TATA, config({ type: 'EXCEPTION_CHARGES', value: { audited: true } }))).body.data
      .id as number;
    const entries = await t.store.query<{ action: string; object_type: string }>(
      'select action, object_type from audit_log where object_type = $1 and object_id = $2',
      ['ap_config', String(made)],
    );
    expect(entries.length).toBeGreaterThan(0);
    // Its fields in the declaration's words.
    const words = await auditInWords(t.app, token, '1001', 'ap_config');
    expect(words).toContain('AP config,"CBDT ID, Partner CBDT ID, Type, Value"');
    // Named in words (Compare's items, the messages that name a record): its type, and its partner after its label.
    const named = await t.store.one<{ name: string }>(
      `select (${declarationOf('ap_config').label}) as name from ap_configs t where id = $1`,
      [made],
    );
    expect(named?.name).toBe('EXCEPTION_CHARGES · Partner CBDT ID 2001');
  });
});
