import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditCalls } from '../../schemas/api';
import { configCopyCalls } from '../../schemas/api/config-copy';
import { exportCalls } from '../../schemas/api/exports';
import { callsOf } from '../../schemas/api/resources';
import { RESOURCES } from '../../schemas/resources';
import screens from '../../screens/resources.meta';
import { DOCS_PREFIX } from '../../server/http/api-docs';
import { callPath } from '../e2e/harness';
import { DOCK_DOORS_TABLE, dockDoors } from './fixtures/dock-doors';
import { GATE_RULES_TABLE, gateRules } from './fixtures/gate-rules';
import {
  auditInWords,
  BACKENDS,
  copyItems,
  dataFailure,
  startApp,
  type Call,
  type TestApp,
  type TestDatabase,
} from './helper';

// The declared resources with one more, as a developer adds one: the declaration (fixtures/dock-doors.ts) in the list.
// This file has modules of its own (vitest.config.ts OWN_MODULES), so the other files keep the project's list.
vi.mock('../../schemas/resources/index.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../schemas/resources/index.ts')>();
  const { dockDoors: fixture } = await import('./fixtures/dock-doors');
  const { gateRules: dataFixture } = await import('./fixtures/gate-rules');
  const declared = [...actual.RESOURCES, fixture, dataFixture];
  return { ...actual, RESOURCES: declared, ALL_RESOURCES: declared };
});

/**
 * Issue 35's proof that generic features read declarations, not lists of their own: a resource declared in a fixture,
 * with its table made as its migration would make it, is served and documented in the OpenAPI document, audited with
 * its fields' labels, compared and copied by its natural key, exported with its rows, and has its screens.
 */
describe.each(BACKENDS)('a resource declared in a fixture, on $name', (backend) => {
  let db: TestDatabase;
  let t: TestApp;
  let call: Call;
  let token: string;
  const calls = callsOf(dockDoors);
  beforeAll(async () => {
    db = await backend.prepared();
    const store = await db.open();
    // Their migrations, before the server starts (which makes their audit triggers from the declarations).
    await store.exec(DOCK_DOORS_TABLE);
    await store.exec(GATE_RULES_TABLE);
    // Its answers are checked here: the suite's API document (documented-answers.test.ts) does not hold its calls.
    t = await startApp(store, {}, { logged: false });
    ({ call, deskToken: token } = await t.login('ops@demo.local'));
  });
  afterAll(async () => {
    await t?.close();
    await t?.store.close();
    await db?.drop();
  });

  const add = (c: string, door: { code: string; bays: number; reefer: boolean; height?: number }) =>
    call('POST', callPath(calls.create, { c }), door);

  it('is among the declared resources, with its calls and screens', () => {
    expect(RESOURCES.map((r) => r.name)).toContain('dockDoors');
    expect(calls.list.path).toBe(dockDoors.path);
    const paths = Object.values(screens.screens).map((screen) => screen.path);
    expect(paths).toEqual(expect.arrayContaining(['/dock-doors', '/dock-doors/add']));
  });

  it('is served and documented: its five calls in the OpenAPI document, with their schemas and ETag', async () => {
    const doc = (await call('GET', `${DOCS_PREFIX}/json`)).body;
    const list = doc.paths['/saas/lego/dock_doors'];
    const one = doc.paths['/saas/lego/dock_doors/{id}'];
    expect(list.get.operationId).toBe('dockDoors.list');
    expect(list.post.operationId).toBe('dockDoors.create');
    expect([one.get.operationId, one.put.operationId, one.delete.operationId]).toEqual([
      'dockDoors.get',
      'dockDoors.update',
      'dockDoors.delete',
    ]);
    const body = list.post.requestBody.content['application/json'].schema;
    expect(body.properties.bays).toMatchObject({ type: 'integer', minimum: 1, maximum: 40 });
    expect(body.required).toEqual(expect.arrayContaining(['code', 'bays', 'reefer']));
    expect(one.get.responses[200].headers.ETag).toBeDefined();
    expect(one.put.responses[412]).toBeDefined();
  });

  it('keeps its records per company, refuses a duplicate in its own words and bad input by its rules', async () => {
    // Its height is kept in PostgreSQL's numeric and answered as a number, as its answer schema says.
    expect((await add('1001', { code: 'D-01', bays: 4, reefer: true, height: 4.5 })).body.data).toMatchObject({
      height: 4.5,
    });
    expect((await add('1001', { code: 'D-02', bays: 2, reefer: false })).status).toBe(200);
    expect((await add('1002', { code: 'D-01', bays: 6, reefer: true })).status).toBe(200);
    expect(await add('1001', { code: 'D-01', bays: 1, reefer: false })).toMatchObject({
      status: 409,
      body: { message: [dockDoors.taken] },
    });
    const bad = await add('1001', { code: 'door one', bays: 99, reefer: false });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(
      expect.arrayContaining(['Door code must be 1 to 20 capitals, digits or dashes', 'Loading bays must be 1 to 40']),
    );
    const page = await call('GET', callPath(calls.list, { c: '1001' }));
    expect(page.body).toMatchObject({
      total: 2,
      data: [
        { code: 'D-01', bays: 4, height: 4.5 },
        { code: 'D-02', bays: 2 },
      ],
    });
    const theirs = (await call('GET', callPath(calls.list, { c: '1002' }))).body.data[0].id;
    expect((await call('GET', callPath(calls.byId, { c: '1001' }, { id: theirs }))).status).toBe(404);
  });

  it('is audited under its name, its changes in its labels', async () => {
    const [door] = (await call('GET', callPath(calls.list, { c: '1001', q: 'D-02' }))).body.data;
    const read = await call('GET', callPath(calls.byId, { c: '1001' }, { id: door.id }));
    const changed = await call(
      'PUT',
      callPath(calls.update, { c: '1001' }, { id: door.id }),
      { code: 'D-02', bays: 3, reefer: false },
      { headers: { 'if-match': String(read.headers.etag) } },
    );
    expect(changed.status).toBe(200);
    const log = await call('GET', callPath(auditCalls.list, { c: '1001', objectType: 'dock_door' }));
    expect(log.body.data.rows[0]).toMatchObject({ objectType: 'dock_door', objectId: door.id, action: 'update' });
    expect((await auditInWords(t.app, token, '1001', 'dock_door'))[0]).toBe('Dock door,Loading bays');
  });

  it('is compared between companies by its natural key, its fields in its labels, and copied', async () => {
    const compared = await call('GET', callPath(configCopyCalls.compare, { c: '1001', rc: '1002' }));
    const area = compared.body.data.areas.find((a: { area: string }) => a.area === 'dockDoors');
    expect(area).toMatchObject({ label: 'Dock Doors', key: 'door code' });
    const d01 = area.items.find((item: { key: string }) => item.key === 'D-01');
    expect(d01.state).toBe('different');
    const differing = d01.fields.filter((f: { differs: boolean }) => f.differs);
    expect(differing.map((f: { field: string }) => f.field)).toEqual(['Loading bays', 'Door height (m)']);
    expect(area.items.find((item: { key: string }) => item.key === 'D-02')).toMatchObject({ state: 'left' });
    const { preview, applied } = await copyItems(call, '1001', '1002', [{ area: 'dockDoors', key: 'D-02' }]);
    expect(preview.body.data.items).toMatchObject([{ action: 'create' }]);
    expect(applied.status).toBe(200);
    const copied = (await call('GET', callPath(calls.list, { c: '1002' }))).body.data;
    expect(copied.map((door: { code: string }) => door.code)).toEqual(['D-01', 'D-02']);
  });

  it('is exported with every row, its columns titled as the list shows them', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: callPath(exportCalls['dock-doors'], {
        c: '1001',
        format: 'csv',
        columns: JSON.stringify([
          { title: 'Door code', field: 'code' },
          { title: 'Loading bays', field: 'bays' },
          { title: 'Takes reefers', field: 'reefer', kind: 'boolean' },
        ]),
      }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(
      answer.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['Door code,Loading bays,Takes reefers', 'D-01,4,Yes', 'D-02,3,No']);
  });

  describe('a data-family resource (gate rules)', () => {
    const gates = callsOf(gateRules);
    const save = (body: object, headers: Record<string, string> = {}) =>
      call('POST', callPath(gates.save, {}), body, { headers });
    const hours = { from: '06:00', to: '22:00' };

    it('is documented under its own paths, with the data envelope and its words', async () => {
      const doc = (await call('GET', `${DOCS_PREFIX}/json`)).body;
      expect(doc.paths['/saas/data/gates/getGateRules'].get.operationId).toBe('gateRules.list');
      expect(doc.paths['/saas/data/gates/getGateRuleById'].get.operationId).toBe('gateRules.get');
      expect(doc.paths['/saas/data/gates/toggleGateRule'].post.operationId).toBe('gateRules.toggle');
      const saved = doc.paths['/saas/data/gates/saveGateRule'].post;
      expect(saved.operationId).toBe('gateRules.save');
      expect(saved.responses[409]).toBeDefined();
      expect(saved.requestBody.content['application/json'].schema.properties).toMatchObject({
        companyId: expect.anything(),
        id: expect.anything(),
        gate: { maxLength: 10 },
      });
    });

    it('creates in the scope its body names, answers the record with its spread and computed values, and refuses a second of its gate', async () => {
      const created = await save({ companyId: '1001', gate: 'G1', hours });
      expect(created.status).toBe(200);
      expect(created.headers.etag).toBe('"1"');
      expect(created.body).toMatchObject({
        status: 'ok',
        result: {
          status: 1,
          message: 'Gate rule set for companyIds [ 1001 ]',
          data: { gate: 'G1', open: true, from: '06:00', to: '22:00', name: 'G1 gate', branchId: null },
        },
      });
      expect(created.body.result.data).not.toHaveProperty('hours');
      expect(await save({ companyId: '1001', gate: 'G1', hours })).toMatchObject({
        status: 409,
        body: dataFailure('A rule for that gate already exists'),
      });
      expect(await save({ companyId: '1001', gate: 'g 1', hours: { from: 'dawn' } })).toMatchObject({ status: 400 });
      const listed = await call('GET', callPath(gates.list, { companyId: '1001' }));
      expect(listed.body.result.data).toEqual([created.body.result.data]);
    });

    it('changes the record its body names with If-Match, flips its switch in its words, and keeps other companies out', async () => {
      const [rule] = (await call('GET', callPath(gates.list, { companyId: '1001' }))).body.result.data;
      const read = await call('GET', callPath(gates.byId, { companyId: '1001', id: rule.id }));
      expect(read.body.result.data).toMatchObject({ id: rule.id, from: '06:00' });
      const edit = { companyId: '1001', id: rule.id, gate: 'G1', hours: { from: '05:00', to: '23:00' } };
      const changed = await save(edit, { 'if-match': String(read.headers.etag) });
      expect(changed.body.result).toMatchObject({ message: 'Gate rule updated', data: { from: '05:00', to: '23:00' } });
      expect((await save(edit, { 'if-match': String(read.headers.etag) })).status).toBe(412);
      const flipped = await call('POST', callPath(gates.toggle, { companyId: '1001' }), { gateRuleId: rule.id });
      expect(flipped.body.result).toMatchObject({ message: 'Gate closed', data: { open: false, name: 'G1 gate' } });
      // Another company's rule is not found by any call of company 1001.
      const theirs = (await save({ companyId: '1002', gate: 'G9', hours })).body.result.data.id;
      expect((await call('GET', callPath(gates.byId, { companyId: '1001', id: theirs }))).status).toBe(404);
      expect((await call('POST', callPath(gates.toggle, { companyId: '1001' }), { gateRuleId: theirs })).status).toBe(
        404,
      );
      expect((await save({ ...edit, id: theirs })).status).toBe(404);
      expect((await auditInWords(t.app, token, '1001', 'gate_rule')).slice(0, 2)).toEqual([
        'Gate rule,Open',
        'Gate rule,"Hours › from, Hours › to"',
      ]);
    });
  });
});
