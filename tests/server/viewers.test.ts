import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schemas/messages';
import { VIEWER_MSG } from '../../schemas/viewers';
import { BACKENDS, bootFresh, type Call, type TestApp } from './helper';

/** The viewers' calls (API.md "Viewers"): alert config, config service by entity id and key, entity and partners. */
const ARGUS = '/v1/feature_permission/deprecated/argusconfig';
const LEGO = '/v1/ticketing/ft_to_lego_config';
const argus = (entities: unknown) => `${ARGUS}?param=${encodeURIComponent(JSON.stringify(entities))}`;
const partners = (filter: unknown, extra = '') =>
  `/v1/company/morpheus-partners?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;

describe.each(BACKENDS)('viewers on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  let fteid: (query: string) => Promise<string>;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
    fteid = async (query) => (await call('GET', `/v1/company/get-fteid?${query}`)).body.data.fteid;
  });
  afterAll(() => t?.close());

  describe('alert configuration (argusconfig, ft_to_lego_config)', () => {
    it("answers each entity's alerts, the branch's over the company's, then turns them into the console's config", async () => {
      const read = await call(
        'GET',
        argus([
          { companyId: '1001', companyType: 'CONSIGNOR', branchId: '3101', departmentId: null },
          { companyId: 2001, companyType: 'TRANSPORTER' },
        ]),
      );
      expect(read.status).toBe(200);
      const [consignor, transporter] = read.body.data;
      expect(consignor).toMatchObject({
        companyId: '1001',
        companyName: 'Tata Steel Limited',
        branchId: '3101',
        fteid: expect.stringMatching(/^BRH/),
      });
      const stoppage = consignor.alerts.find((a: { featureKey: string }) => a.featureKey === 'long_stoppage');
      expect(stoppage).toMatchObject({
        enabled: true,
        extraContext: [{ ticketing: { raise_ticket: true }, longstoppage_l1: { short: 30, mid: 60, long: 120 } }],
      });
      expect(transporter).toMatchObject({ companyId: '2001', companyType: 'TRANSPORTER', alerts: expect.any(Array) });

      const narrowed = read.body.data.map((e: { alerts: { featureKey: string }[] }) => ({
        ...e,
        alerts: e.alerts.filter((a) => a.featureKey === 'long_stoppage'),
      }));
      const lego = await call('POST', LEGO, { data: narrowed });
      expect(lego.status).toBe(200);
      expect(Object.keys(lego.body.data.consignor.alerts)).toEqual(['long_stoppage']);
      expect(lego.body.data.consignor.alerts.long_stoppage).toMatchObject({
        enabled: true,
        ticketing: { raise_ticket: true },
        settings: { longstoppage_l1: { short: 30, mid: 60, long: 120 } },
        rules: {
          short: { levels: [30, 120, 240] },
          mid: { levels: [60, 120, 240] },
          long: { levels: [120, 120, 240] },
        },
      });
    });

    it("refuses a bad param, a wrong company type and another company's branch", async () => {
      for (const bad of [
        'not json',
        '[]',
        JSON.stringify([{ companyType: 'CONSIGNOR' }]),
        JSON.stringify([{ companyId: '1001', companyType: 'X' }]),
        JSON.stringify([1, 2, 3]),
      ]) {
        const answer = await call('GET', `${ARGUS}?param=${encodeURIComponent(bad)}`);
        expect(answer.status, bad).toBe(400);
        expect(answer.body.message.length).toBeGreaterThan(0);
      }
      expect((await call('GET', `${ARGUS}?param=${'x'.repeat(2001)}`)).status).toBe(400);
      expect(await call('GET', argus([{ companyId: '1001', companyType: 'TRANSPORTER' }]))).toMatchObject({
        status: 400,
        body: { message: [VIEWER_MSG.wrongType('1001', 'TRANSPORTER')] },
      });
      // Branch 3201 is Hindustan Unilever's, department 32011 too.
      expect(
        (await call('GET', argus([{ companyId: '1001', companyType: 'CONSIGNOR', branchId: '3201' }]))).status,
      ).toBe(404);
      expect(
        (
          await call(
            'GET',
            argus([{ companyId: '1001', companyType: 'CONSIGNOR', branchId: '3101', departmentId: '32011' }]),
          )
        ).status,
      ).toBe(404);
      expect((await call('GET', argus([{ companyId: '9999', companyType: 'CONSIGNOR' }]))).status).toBe(404);
      expect(
        (
          await call('POST', LEGO, {
            data: [{ companyId: '1001', companyType: 'CONSIGNOR', branchId: '3201', alerts: [] }],
          })
        ).status,
      ).toBe(404);
      expect((await call('POST', LEGO, { data: [] })).status).toBe(400);
      // Two of one kind would answer as one.
      const twice = [
        { companyId: '1001', companyType: 'CONSIGNOR' },
        { companyId: '1001', companyType: 'CONSIGNOR', branchId: '3101' },
      ];
      expect(await call('GET', argus(twice))).toMatchObject({ status: 400, body: { message: [VIEWER_MSG.sameType] } });
      expect(await call('POST', LEGO, { data: twice.map((e) => ({ ...e, alerts: [] })) })).toMatchObject({
        status: 400,
        body: { message: [VIEWER_MSG.sameType] },
      });
      expect(
        (
          await call('POST', LEGO, {
            data: [{ companyId: '1001', companyType: 'CONSIGNOR', alerts: [{ featureKey: 'Bad Key', enabled: true }] }],
          })
        ).status,
      ).toBe(400);
    });
  });

  describe('config service (/v1/config/entity/{fteid}/key/{configKey})', () => {
    it("answers the entity's config, else its branch's, else the company's", async () => {
      const company = await fteid('c=1001');
      const dispatch = await fteid('c=1001&b=3101&d=31011');
      const jamshedpur = await fteid('c=1001&b=3101');
      const own = await call('GET', `/v1/config/entity/${dispatch}/key/trip?c=1001&b=3101&d=31011`);
      expect(own).toMatchObject({
        status: 200,
        body: {
          data: {
            entityId: dispatch,
            configKey: 'trip',
            definedFor: dispatch,
            config: { consent: { channel: 'IVR' } },
          },
        },
      });
      const branch = await call('GET', `/v1/config/entity/${dispatch}/key/trip.geofence?c=1001&b=3101&d=31011`);
      expect(branch.body.data).toMatchObject({ definedFor: jamshedpur, config: { originRadiusKm: 1.5 } });
      const wide = await call('GET', `/v1/config/entity/${company}/key/trip?c=1001`);
      expect(wide.body.data).toMatchObject({
        entityId: company,
        definedFor: company,
        config: { consent: { channel: 'SMS' } },
      });
      expect(await call('GET', `/v1/config/entity/${company}/key/indent.geofence1?c=1001`)).toMatchObject({
        status: 404,
        body: { message: [VIEWER_MSG.noConfig('indent.geofence1')] },
      });
    });

    it("refuses another company's entity id, bad keys and ids, and no company", async () => {
      const hul = await fteid('c=1002');
      expect(await call('GET', `/v1/config/entity/${hul}/key/trip?c=1001`)).toMatchObject({
        status: 404,
        body: { message: ['Not found'] },
      });
      const company = await fteid('c=1001');
      expect(
        (await call('GET', `/v1/config/entity/${company}/key/${encodeURIComponent('bad key!')}?c=1001`)).status,
      ).toBe(400);
      expect(
        (await call('GET', `/v1/config/entity/${company}/key/${encodeURIComponent('trip$')}?c=1001`)).body.message,
      ).toEqual([VIEWER_MSG.badConfigKey]);
      // Longer than a path parameter may be: refused before the route.
      expect((await call('GET', `/v1/config/entity/${company}/key/${'k'.repeat(101)}?c=1001`)).status).toBeLessThan(
        500,
      );
      expect((await call('GET', `/v1/config/entity/${'A'.repeat(65)}/key/trip?c=1001`)).body.message).toEqual([
        VIEWER_MSG.badFteid,
      ]);
      expect(await call('GET', `/v1/config/entity/${company}/key/trip`)).toMatchObject({
        status: 400,
        body: { message: [MSG.selectCompany] },
      });
      expect((await call('GET', `/v1/config/entity/${company}/key/trip?c=1001&b=3201`)).status).toBe(404);
      // Another branch's (department's) entity from branch 3101 (department 31012): not found; the company's is within reach.
      const kolkata = await fteid('c=1001&b=3102');
      expect((await call('GET', `/v1/config/entity/${kolkata}/key/trip?c=1001&b=3101`)).status).toBe(404);
      const dispatch = await fteid('c=1001&b=3101&d=31011');
      expect((await call('GET', `/v1/config/entity/${dispatch}/key/trip?c=1001&b=3101&d=31012`)).status).toBe(404);
      expect((await call('GET', `/v1/config/entity/${company}/key/trip?c=1001&b=3101&d=31012`)).status).toBe(200);
    });
  });

  describe('entity detail (/v1/company/{fteid}, /v1/branch/{fteid}, morpheus-partners)', () => {
    it('answers the company of a company id and the branch of a BRH id', async () => {
      const company = await fteid('c=1001');
      const answer = await call('GET', `/v1/company/${company}?c=1001`);
      expect(answer.body.data).toMatchObject({
        fteid: company,
        id: '1001',
        name: 'Tata Steel Limited',
        type: 'CONSIGNOR',
        partners: { transporters: 2 },
      });
      expect(answer.body.data.branches.map((b: { id: string }) => b.id)).toEqual(['3101', '3102', '3103']);
      const branch = await fteid('c=1001&b=3102');
      expect(branch).toMatch(/^BRH/);
      const detail = await call('GET', `/v1/branch/${branch}?c=1001&b=3102`);
      expect(detail.body.data).toMatchObject({ fteid: branch, id: '3102', name: 'Kolkata', company_id: '1001' });
      expect(detail.body.data.departments).toHaveLength(3);
      // A company id is no branch, and a branch id no company.
      expect((await call('GET', `/v1/branch/${company}?c=1001`)).status).toBe(404);
      expect((await call('GET', `/v1/company/${branch}?c=1001`)).status).toBe(404);
    });

    it("refuses another company's entity ids, another branch's, and bad ids", async () => {
      const hul = await fteid('c=1002');
      const hulBranch = await fteid('c=1002&b=3201');
      expect((await call('GET', `/v1/company/${hul}?c=1001`)).status).toBe(404);
      expect((await call('GET', `/v1/branch/${hulBranch}?c=1001`)).status).toBe(404);
      const kolkata = await fteid('c=1001&b=3102');
      expect((await call('GET', `/v1/branch/${kolkata}?c=1001&b=3101`)).status).toBe(404);
      expect((await call('GET', `/v1/company/${encodeURIComponent('CMP-1')}?c=1001`)).body.message).toEqual([
        VIEWER_MSG.badFteid,
      ]);
      expect(await call('GET', `/v1/company/${hul}`)).toMatchObject({
        status: 400,
        body: { message: [MSG.selectCompany] },
      });
    });

    it('pages partners of each type with their total', async () => {
      const first = await call('GET', partners({ c: '1001', partner_type: 'TRN' }, '&page=1&size=20'));
      expect(first.body).toMatchObject({ success: true, pagination: { total: 2, page: 1, size: 20 } });
      expect(first.body.data.map((p: { id: string }) => p.id).sort()).toEqual(['2001', '2002']);
      const second = await call('GET', partners({ c: 1001, partner_type: 'TRN' }, '&page=2&size=1'));
      expect(second.body.data).toHaveLength(1);
      expect(second.body.pagination.total).toBe(2);
      const consignors = await call('GET', partners({ c: '2001', partner_type: 'CNR' }));
      expect(consignors.body.data.map((p: { id: string }) => p.id).sort()).toEqual(['1001', '1002']);
      expect(consignors.body.pagination.size).toBe(20);
      const consignees = await call('GET', partners({ c: '1001', partner_type: 'CEE' }));
      expect(consignees.status).toBe(200);
      expect(consignees.body.data.every((p: { partner_type: string }) => p.partner_type === 'CEE')).toBe(true);
      expect(consignees.body.pagination.total).toBe(consignees.body.data.length);
    });

    it('refuses a bad filter, type, page or size, and an unknown company', async () => {
      expect(await call('GET', '/v1/company/morpheus-partners?filter=oops')).toMatchObject({
        status: 400,
        body: { message: [VIEWER_MSG.badFilter] },
      });
      expect(await call('GET', partners([1]))).toMatchObject({
        status: 400,
        body: { message: [VIEWER_MSG.badFilter] },
      });
      expect(await call('GET', partners({ partner_type: 'TRN' }))).toMatchObject({
        status: 400,
        body: { message: [MSG.selectCompany] },
      });
      expect(await call('GET', partners({ c: '1001', partner_type: 'XYZ' }))).toMatchObject({
        status: 400,
        body: { message: [VIEWER_MSG.badPartnerType] },
      });
      expect(await call('GET', partners({ c: '1001', partner_type: 'TRN' }, '&page=0'))).toMatchObject({
        status: 400,
        body: { message: [VIEWER_MSG.badPage] },
      });
      expect(await call('GET', partners({ c: '1001', partner_type: 'TRN' }, '&size=500'))).toMatchObject({
        status: 400,
        body: { message: [VIEWER_MSG.badSize] },
      });
      expect((await call('GET', partners({ c: '9999', partner_type: 'TRN' }))).status).toBe(404);
      expect((await call('GET', partners({ c: 'x'.repeat(65), partner_type: 'TRN' }))).status).toBe(400);
    });
  });
});
