import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCalls } from '../../schemas/api';
import { configCopyCalls } from '../../schemas/api/config-copy';
import { exportCalls } from '../../schemas/api/exports';
import { callsOf } from '../../schemas/api/resources';
import { holidays } from '../../schemas/resources/holidays';
import { DOCS_PREFIX } from '../../server/http/api-docs';
import { callPath } from '../e2e/harness';
import { auditInWords, BACKENDS, copyItems, bootFresh, count, type Call, type TestApp } from './helper';

/**
 * Issue 35: a resource declared once (schemas/resources/holidays.ts) and its migration are the whole of it: its calls
 * are served and documented, its records are kept within their scope, audited with their fields' words, compared and
 * copied between companies, exported, and seeded.
 */
const calls = callsOf(holidays);
type Holiday = { id: string; name: string; date: string; region: string; noAlerts: boolean; branchId: string | null };

describe.each(BACKENDS)('a declared resource (holidays) on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  let token: string;
  beforeAll(async () => {
    t = await bootFresh(backend);
    ({ call, deskToken: token } = await t.login('ops@demo.local'));
  });
  afterAll(() => t?.close());

  const list = (query: Record<string, string | number>) => call('GET', callPath(calls.list, { c: '1001', ...query }));

  it('lists the seeded rows of the scope, by day, with their total, searched and sorted', async () => {
    const all = await list({});
    expect(all.status).toBe(200);
    // No branch chosen: the whole company's, the branch's too.
    expect(all.body.total).toBe(3);
    expect(all.body.data.map((row: Holiday) => row.name)).toEqual(['Karam Puja', 'Diwali', 'Holi']);
    const branch = await list({ b: '3101' });
    expect(branch.body.data.map((row: Holiday) => row.name)).toEqual(['Karam Puja']);
    expect((await list({ q: 'hol' })).body.data.map((row: Holiday) => row.name)).toEqual(['Holi']);
    const byName = await list({ sort: 'name', order: 'desc', size: 1 });
    expect(byName.body.data[0].name).toBe('Karam Puja');
    const after = await list({ sort: 'name', order: 'desc', size: 1, after: byName.body.next });
    expect(after.body).toMatchObject({ data: [{ name: 'Holi' }] });
    expect(after.body.total).toBeUndefined();
    // And back: the page before the one read after the cursor, the first again (nothing before it).
    const back = await list({ sort: 'name', order: 'desc', size: 1, before: after.body.prev });
    expect(back.body).toMatchObject({ data: [{ name: 'Karam Puja' }], prev: null });
    expect((await list({ sort: 'password' })).status).toBe(400);
  });

  it('creates, reads with its ETag, updates with If-Match and deletes; a duplicate is refused in its words', async () => {
    const body = { name: 'Republic Day', date: '2027-01-26', region: 'All India', noAlerts: true };
    const created = await call('POST', callPath(calls.create, { c: '1001' }), body);
    expect(created.status).toBe(200);
    const id: string = created.body.data.id;
    expect(id).toMatch(/^hol_/);
    expect(created.body.data).toMatchObject({ ...body, branchId: null, updatedBy: 'ops@demo.local' });
    const twice = await call('POST', callPath(calls.create, { c: '1001' }), { ...body, name: 'Again' });
    expect(twice).toMatchObject({ status: 409, body: { message: [holidays.taken] } });
    const read = await call('GET', callPath(calls.byId, { c: '1001' }, { id }));
    expect(read.headers.etag).toBe('"1"');
    const changed = await call(
      'PUT',
      callPath(calls.update, { c: '1001' }, { id }),
      { ...body, noAlerts: false },
      {
        headers: { 'if-match': '"1"' },
      },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.noAlerts).toBe(false);
    const stale = await call('PUT', callPath(calls.update, { c: '1001' }, { id }), body, {
      headers: { 'if-match': '"1"' },
    });
    expect(stale.status).toBe(412);
    const bad = await call('POST', callPath(calls.create, { c: '1001' }), { ...body, date: 'tomorrow', extra: 1 });
    expect(bad.status).toBe(400);
    const removed = await call('DELETE', callPath(calls.remove, { c: '1001' }, { id }), undefined, {
      headers: { 'if-match': '"2"' },
    });
    expect(removed.status).toBe(200);
    expect((await call('GET', callPath(calls.byId, { c: '1001' }, { id }))).status).toBe(404);
  });

  it("keeps another company's record out of reach, whatever its id", async () => {
    const before = await count(t.store, 'holidays');
    const other = await call('GET', callPath(calls.byId, { c: '1002' }, { id: 'hol_tsl_diwali' }));
    expect(other.status).toBe(404);
    const edit = await call('PUT', callPath(calls.update, { c: '1002' }, { id: 'hol_tsl_diwali' }), {
      name: 'Taken over',
      date: '2026-11-08',
      region: 'All India',
      noAlerts: false,
    });
    expect(edit.status).toBe(404);
    expect((await call('DELETE', callPath(calls.remove, { c: '1002' }, { id: 'hol_tsl_diwali' }))).status).toBe(404);
    expect(await count(t.store, 'holidays')).toBe(before);
  });

  it('is audited with its name and its fields in words', async () => {
    const created = await call('POST', callPath(calls.create, { c: '1001' }), {
      name: 'Good Friday',
      date: '2027-03-26',
      region: 'Jharkhand',
      noAlerts: false,
    });
    const id: string = created.body.data.id;
    await call('PUT', callPath(calls.update, { c: '1001' }, { id }), {
      name: 'Good Friday',
      date: '2027-03-26',
      region: 'Jharkhand',
      noAlerts: true,
    });
    const log = await call('GET', callPath(auditCalls.list, { c: '1001', objectType: 'holiday' }));
    expect(log.status).toBe(200);
    const [latest] = log.body.data.rows;
    expect(latest).toMatchObject({ objectType: 'holiday', objectId: id, action: 'update' });
    expect(latest.changes.map((change: { field: string }) => change.field)).toEqual(['no_alerts']);
    expect((await auditInWords(t.app, token, '1001', 'holiday'))[0]).toBe('Holiday,No alerts that day');
  });

  it('exports the list as the console shows it', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: callPath(exportCalls.holidays, {
        c: '1001',
        format: 'xlsx',
        columns: JSON.stringify([
          { title: 'Name', field: 'name' },
          { title: 'Date', field: 'date', kind: 'date' },
          { title: 'No alerts that day', field: 'noAlerts', kind: 'boolean' },
        ]),
      }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(200);
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(answer.rawPayload).Sheets.holidays, { header: 1 });
    expect(rows.slice(0, 2)).toEqual([
      ['Name', 'Date', 'No alerts that day'],
      ['Karam Puja', '12/09/2026', 'Yes'],
    ]);
  });

  it('is compared and copied between companies by its natural key, its fields in words', async () => {
    const compared = await call('GET', callPath(configCopyCalls.compare, { c: '1001', rc: '1002' }));
    const area = compared.body.data.areas.find((a: { area: string }) => a.area === 'holidays');
    expect(area).toMatchObject({ label: 'Holiday Calendar', key: 'date and region' });
    const diwali = area.items.find((item: { key: string }) => item.key === '2026-11-08 · All India');
    expect(diwali).toMatchObject({ state: 'left', label: 'Diwali · 08/11/2026' });
    expect(diwali.fields.map((f: { field: string }) => f.field)).toContain('No alerts that day');
    const items = [{ area: 'holidays', key: '2026-11-08 · All India' }];
    const { preview, applied } = await copyItems(call, '1001', '1002', items);
    expect(preview.status).toBe(200);
    expect(preview.body.data.items).toMatchObject([{ action: 'create' }]);
    expect(applied.status).toBe(200);
    const copied = await call('GET', callPath(calls.list, { c: '1002' }));
    expect(copied.body.data).toMatchObject([
      { name: 'Diwali', date: '2026-11-08', region: 'All India', noAlerts: true },
    ]);
  });

  it('is reverted from its audit entries like any record: an update restored, a deletion re-created', async () => {
    const revert = async (entry: string) => {
      const seen = await call('POST', callPath(configCopyCalls.revertPreview), { c: '1001', entry });
      expect(seen.status, JSON.stringify(seen.body)).toBe(200);
      const done = await call('POST', callPath(configCopyCalls.revert), {
        c: '1001',
        entry,
        token: seen.body.data.token,
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return seen.body.data;
    };
    const newest = async () =>
      (await call('GET', callPath(auditCalls.list, { c: '1001', objectType: 'holiday', size: 1 }))).body.data.rows[0];
    const holi = (await call('GET', callPath(calls.byId, { c: '1001' }, { id: 'hol_tsl_holi' }))).body.data;
    await call('PUT', callPath(calls.update, { c: '1001' }, { id: 'hol_tsl_holi' }), {
      name: 'Holi (Dhulandi)',
      date: holi.date,
      region: holi.region,
      noAlerts: true,
    });
    expect((await revert((await newest()).id)).items).toMatchObject([{ action: 'restore', objectId: 'hol_tsl_holi' }]);
    expect((await call('GET', callPath(calls.byId, { c: '1001' }, { id: 'hol_tsl_holi' }))).body.data).toMatchObject({
      name: 'Holi',
      noAlerts: false,
    });
    expect((await call('DELETE', callPath(calls.remove, { c: '1001' }, { id: 'hol_tsl_holi' }))).status).toBe(200);
    expect((await revert((await newest()).id)).items).toMatchObject([{ action: 'recreate' }]);
    expect((await call('GET', callPath(calls.byId, { c: '1001' }, { id: 'hol_tsl_holi' }))).body.data).toMatchObject({
      name: 'Holi',
      date: '2027-03-22',
    });
  });

  it('is in the API document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` })).json();
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId?: string }>).map((operation) => operation.operationId),
    );
    expect(ids).toEqual(expect.arrayContaining(Object.values(calls).map((c) => c.id)));
  });
});
