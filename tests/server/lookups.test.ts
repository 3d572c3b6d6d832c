import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, type Call, type TestApp } from './helper';

describe.each(BACKENDS)('look-ups on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('searches companies case-insensitively from 3 characters', async () => {
    expect(
      (await call('GET', '/saas/lego/company/search?q=LIMITED')).body.data.map((c: { name: string }) => c.name),
    ).toEqual([
      'Gati Limited',
      'Hindustan Unilever Limited',
      'Tata Steel Limited',
      'UltraTech Cement Limited',
      'VRL Logistics Limited',
    ]);
    expect((await call('GET', '/saas/lego/company/search?q=tci')).body.data).toEqual([
      { id: '2002', name: 'TCI Freight', type: 'TRANSPORTER' },
    ]);
    expect(
      (await call('GET', '/saas/lego/company/search?q=LIMITED&type=TRANSPORTER')).body.data.map(
        (c: { name: string }) => c.name,
      ),
    ).toEqual(['Gati Limited', 'VRL Logistics Limited']);
    expect((await call('GET', '/saas/lego/company/search?q=tci&type=CONSIGNOR')).body.data).toEqual([]);
    expect(await call('GET', '/saas/lego/company/search?q=tci&type=SHIPPER')).toMatchObject({
      status: 400,
      body: { message: ['Company type must be CONSIGNOR or TRANSPORTER'] },
    });
    expect((await call('GET', '/saas/lego/company/search?q=%25%25%25')).body.data).toEqual([]);
    expect(await call('GET', '/saas/lego/company/search?q=ta')).toMatchObject({
      status: 400,
      body: { message: ['Type at least 3 characters'] },
    });
  });

  it('finds a company by its id and a branch by its id, for links that carry only ids', async () => {
    expect((await call('GET', '/saas/lego/company/search?q=1001')).body.data[0]).toEqual({
      id: '1001',
      name: 'Tata Steel Limited',
      type: 'CONSIGNOR',
    });
    expect(
      (await call('GET', '/saas/lego/company/branch_search?cId=1001&q=3102')).body.data.map(
        (b: { old_branch_id: string }) => b.old_branch_id,
      ),
    ).toEqual(['3102']);
    expect((await call('GET', '/saas/lego/company/branch_search?cId=1001&q=3201')).body.data).toEqual([]);
  });

  it('finds branches with their departments, and departments of a branch', async () => {
    const branches = (await call('GET', '/saas/lego/company/branch_search?cId=1001&q=jam')).body.data;
    expect(branches).toEqual([
      {
        old_branch_id: '3101',
        name: 'Jamshedpur',
        departments: [
          { id: '531011', old_department_id: '31011', name: 'Dispatch' },
          { id: '531013', old_department_id: '31013', name: 'Finance' },
          { id: '531012', old_department_id: '31012', name: 'Inbound' },
        ],
      },
    ]);
    expect((await call('GET', '/saas/lego/company/branch_search?cId=1001')).body.data).toHaveLength(3);
    const departments = (await call('GET', '/saas/lego/company/departments?cId=1002&bId=3202')).body.data;
    expect(departments.map((d: { name: string }) => d.name)).toEqual(['Dispatch', 'Finance', 'Inbound']);
    expect((await call('GET', '/saas/lego/company/branch_departments?id=3202')).body.data).toEqual(departments);
  });

  it('keeps branches within their company', async () => {
    expect(await call('GET', '/saas/lego/company/departments?cId=1001&bId=3202')).toMatchObject({
      status: 404,
      body: { message: ['Not found'] },
    });
    expect((await call('GET', '/saas/lego/company/branch_search?cId=9999')).status).toBe(404);
    expect((await call('GET', '/saas/lego/company/branch_departments?id=0000')).status).toBe(404);
    expect(await call('GET', '/saas/lego/company/branch_search?q=x')).toMatchObject({
      status: 400,
      body: { message: ['Select a company to continue'] },
    });
  });

  it('lists partners of the asked type in both directions', async () => {
    const transporters = (await call('GET', '/saas/lego/company_partners/fetch?c=1002&t=CONSIGNOR&pt=TRANSPORTER')).body
      .data;
    expect(transporters.map((p: { name: string }) => p.name)).toEqual([
      'Gati Limited',
      'TCI Freight',
      'VRL Logistics Limited',
    ]);
    expect(transporters[0]).toEqual({
      id: '2003',
      name: 'Gati Limited',
      type: 'TRANSPORTER',
      cbdt: { c: '2003', b: null, d: null },
    });
    // A select's search: by part of the name (any case), or the one chosen by id; another company's partner is none.
    const search = async (query: string) =>
      (await call('GET', `/saas/lego/company_partners/fetch?c=1002&t=CONSIGNOR&pt=TRANSPORTER&${query}`)).body.data.map(
        (p: { name: string }) => p.name,
      );
    expect(await search('q=LIMITED')).toEqual(['Gati Limited', 'VRL Logistics Limited']);
    expect(await search('q=')).toEqual(['Gati Limited', 'TCI Freight', 'VRL Logistics Limited']);
    expect(await search('id=2003')).toEqual(['Gati Limited']);
    expect(await search('q=%25')).toEqual([]);
    expect(await search('id=1001')).toEqual([]);
    const consignors = (await call('GET', '/saas/lego/company_partners/fetch?c=2001&t=TRANSPORTER&pt=CONSIGNOR')).body
      .data;
    expect(consignors.map((p: { cbdt: { c: string } }) => p.cbdt.c)).toEqual(['1002', '1001']);
    expect(
      (await call('GET', '/saas/lego/company_partners/fetch?c=2001&t=TRANSPORTER&pt=TRANSPORTER')).body.data,
    ).toEqual([]);
    expect(await call('GET', '/saas/lego/company_partners/fetch?t=CONSIGNOR')).toMatchObject({
      status: 400,
      body: { message: ['Select a company to continue'] },
    });
    expect((await call('GET', '/saas/lego/company_partners/fetch?c=1001&pt=SHIPPER')).status).toBe(400);
  });

  it('searches known places of the company, with partner places only as children', async () => {
    const own = (await call('GET', '/saas/lego/company_places/search?q=yard&c=2001&t=TRANSPORTER')).body.data;
    expect(own).toEqual([]);
    const withChildren = (
      await call('GET', '/saas/lego/company_places/search?q=yard&c=2001&t=TRANSPORTER&children=true')
    ).body.data;
    expect(withChildren).toEqual([
      {
        cpId: 'cp_vrl_tsl_yard',
        cpCode: 'VRL-TSL-YARD',
        label: 'VRL Adityapur Yard (Tata Steel)',
        address: 'Adityapur, West Singhbhum, Jharkhand 831013, India',
      },
    ]);
    const tata = (await call('GET', '/saas/lego/company_places/search?q=haldia&c=1001&t=CONSIGNOR&children=true')).body
      .data;
    expect(tata.map((p: { cpCode: string }) => p.cpCode)).toEqual(['TSL-HAL-DOCK']);
    expect((await call('GET', '/saas/lego/company_places/search?q=haldia&c=1002&t=CONSIGNOR')).body.data).toEqual([]);
    expect(await call('GET', '/saas/lego/company_places/search?q=haldia')).toMatchObject({
      status: 400,
      body: { message: ['Select a company to continue'] },
    });
    expect((await call('GET', '/saas/lego/company_places/search?q=haldia&c=9999')).status).toBe(404);
  });

  it('gives a stable entity id per scope, BRH for branches', async () => {
    const company = (await call('GET', '/v1/company/get-fteid?c=1001')).body.data.fteid;
    const branch = (await call('GET', '/v1/company/get-fteid?c=1001&b=3101&d=31011')).body.data.fteid;
    expect(company).toMatch(/^CMP[0-9A-F]{16}$/);
    expect(branch).toMatch(/^BRH[0-9A-F]{16}$/);
    expect((await call('GET', '/v1/company/get-fteid?c=1001')).body.data.fteid).toBe(company);
    expect((await call('GET', '/v1/company/get-fteid?c=1001&b=3101')).body.data.fteid).not.toBe(branch);
    expect((await call('GET', '/v1/company/get-fteid?c=1001&b=3201')).status).toBe(404);
    expect((await call('GET', '/v1/company/get-fteid?c=1001&b=3101&d=32011')).status).toBe(404);
    expect(await call('GET', '/v1/company/get-fteid?c=')).toMatchObject({
      status: 400,
      body: { message: ['Select a company to continue'] },
    });
  });

  it('lists the permission records', async () => {
    const records = (await call('GET', '/v1/accessControl/permissions')).body.data;
    expect(records).toContainEqual({
      permission_id: 'prm.super.read',
      name: 'Lego console access',
      permission_type: 'R',
      permission_create_mask: '',
      permission_update_mask: '',
      permission_read_mask: '10000000',
    });
    expect(records.length).toBeGreaterThanOrEqual(4);
  });
});

describe('a call without a company', () => {
  it('is told to select one before its body is judged, and nothing is stored', async () => {
    const t = await bootFresh(BACKENDS[0]);
    try {
      const { call } = await t.login('ops@demo.local');
      const res = await call('POST', '/saas/lego/company_routes_master/create?pt=TRANSPORTER', {});
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(['Select a company to continue']);
    } finally {
      await t.close();
    }
  });
});
