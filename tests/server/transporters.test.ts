import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, count, type Call, type TestApp } from './helper';
import { TRANSPORTER_TAKEN } from '../../schemas/transporter';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const body = {
  transporterName: 'Safexpress Private Limited',
  branch: 'Pune',
  address: 'Survey 27, Nanekarwadi, Chakan',
  state: 'Maharashtra',
  city: 'Pune',
  contactPerson: 'Meera Joshi',
  phoneNumber: '9890012345',
  active: true,
  uid: 'SFX-PNQ-07',
};

describe.each(BACKENDS)('transporters on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('lists the company transporters', async () => {
    // Seeded together, so in id order.
    const list = (await call('GET', '/tms/transporters?c=1001')).body.data;
    expect(list).toEqual([
      expect.objectContaining({ id: 'trn_tsl_tci', transporterName: 'TCI Freight', phoneNumber: '9830056789' }),
      expect.objectContaining({
        id: 'trn_tsl_vrl',
        transporterName: 'VRL Logistics Limited',
        branch: 'Jamshedpur',
        active: true,
        logoUrl: null,
      }),
    ]);
  });

  it('creates one with a logo, serves the logo without a token, patches and deletes it', async () => {
    const created = await call('POST', '/tms/transporters?c=1002', {
      ...body,
      logo: { name: 'sfx.png', type: 'image/png', data: PNG },
    });
    expect(created.status).toBe(200);
    const transporter = created.body.data;
    expect(transporter).toEqual({
      ...body,
      id: expect.stringMatching(/^trn_/),
      logoUrl: `/tms/transporters/${transporter.id}/logo`,
    });

    const logo = await t.app.inject({ method: 'GET', url: transporter.logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);

    const patched = await call('PATCH', `/tms/transporters/${transporter.id}?c=1002`, {
      active: false,
      contactPerson: 'Arjun Rao',
    });
    expect(patched.body.data).toMatchObject({
      active: false,
      contactPerson: 'Arjun Rao',
      transporterName: body.transporterName,
    });
    expect((await call('GET', `/tms/transporters/${transporter.id}?c=1002`)).body.data).toEqual(patched.body.data);
    // A patch changes only what it sends: an inactive transporter stays inactive, and its logo stays.
    const renamed = await call('PATCH', `/tms/transporters/${transporter.id}?c=1002`, { city: 'Chakan' });
    expect(renamed.body.data).toMatchObject({ active: false, city: 'Chakan', logoUrl: transporter.logoUrl });

    expect((await call('DELETE', `/tms/transporters/${transporter.id}?c=1002`)).body).toEqual({
      success: true,
      data: null,
      message: [],
    });
    expect((await call('GET', `/tms/transporters/${transporter.id}?c=1002`)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: transporter.logoUrl })).statusCode).toBe(404);
  });

  it('rejects missing fields, bad phones and bad logos, storing nothing', async () => {
    const before = await count(t.store, 'transporters');
    const empty = await call('POST', '/tms/transporters?c=1002', {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toEqual([
      'Please enter transporter name',
      'Please enter branch',
      'Please enter address',
      'Please enter state',
      'Please enter city',
      'Please enter contact person',
      'Please enter mobile number',
    ]);
    expect(await call('POST', '/tms/transporters?c=1002', { ...body, phoneNumber: '12345' })).toMatchObject({
      status: 400,
      body: { message: ['Please enter a valid 10 digit mobile number'] },
    });
    const fake = Buffer.from('not an image').toString('base64');
    expect(
      await call('POST', '/tms/transporters?c=1002', {
        ...body,
        logo: { name: 'x.png', type: 'image/png', data: fake },
      }),
    ).toMatchObject({ status: 400, body: { message: ['Logo is not a valid image'] } });
    expect(
      await call('POST', '/tms/transporters?c=1002', {
        ...body,
        logo: { name: 'x.gif', type: 'image/gif', data: PNG },
      }),
    ).toMatchObject({ status: 400, body: { message: ['Logo must be a PNG, JPEG, SVG or WebP image'] } });
    const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(1024 * 1024)]).toString('base64');
    expect(
      await call('POST', '/tms/transporters?c=1002', {
        ...body,
        logo: { name: 'big.png', type: 'image/png', data: big },
      }),
    ).toMatchObject({ status: 400, body: { message: ['Logo must be at most 1 MB'] } });
    expect(await call('PATCH', '/tms/transporters/trn_hul_gati?c=1002', { city: '  ' })).toMatchObject({
      status: 400,
      body: { message: ['Blank spaces not allowed'] },
    });
    expect(await count(t.store, 'transporters')).toBe(before);
  });

  it('refuses a transporter the company already has in that branch (any case, spaces around), storing nothing', async () => {
    const tci = { ...body, transporterName: ' tci freight ', branch: 'KOLKATA', uid: 'TCI-CCU-05' };
    const before = await count(t.store, 'transporters');
    const taken = { status: 409, body: { success: false, data: null, message: [TRANSPORTER_TAKEN] } };
    expect(await call('POST', '/tms/transporters?c=1001', tci)).toMatchObject(taken);
    expect(await count(t.store, 'transporters')).toBe(before);
    // The same transporter's other branch, or the same one for another company, is another record.
    const mumbai = await call('POST', '/tms/transporters?c=1001', { ...tci, branch: 'Mumbai' });
    expect(mumbai.status).toBe(200);
    expect((await call('POST', '/tms/transporters?c=1002', tci)).status).toBe(200);
    // An edit that makes one the same as another is refused and changes nothing; keeping its own name is fine.
    const id = mumbai.body.data.id;
    const stored = await t.store.one('select * from transporters where id = $1', [id]);
    expect(
      await call('PATCH', `/tms/transporters/${id}?c=1001`, { branch: ' kolkata', city: 'Kolkata' }),
    ).toMatchObject(taken);
    expect(await t.store.one('select * from transporters where id = $1', [id])).toEqual(stored);
    expect((await call('PATCH', `/tms/transporters/${id}?c=1001`, { transporterName: 'TCI FREIGHT' })).status).toBe(
      200,
    );
  });

  it("answers 404 for another company's transporter and leaves it unchanged", async () => {
    const before = await t.store.one("select transporter_name, active from transporters where id = 'trn_hul_gati'");
    expect(await call('GET', '/tms/transporters/trn_hul_gati?c=1001')).toMatchObject({
      status: 404,
      body: { message: ['Not found'] },
    });
    expect((await call('PATCH', '/tms/transporters/trn_hul_gati?c=1001', { active: false })).status).toBe(404);
    expect((await call('DELETE', '/tms/transporters/trn_hul_gati?c=1001')).status).toBe(404);
    expect(await t.store.one("select transporter_name, active from transporters where id = 'trn_hul_gati'")).toEqual(
      before,
    );
    expect(await call('GET', '/tms/transporters')).toMatchObject({
      status: 400,
      body: { message: ['Select a company to continue'] },
    });
  });
});
