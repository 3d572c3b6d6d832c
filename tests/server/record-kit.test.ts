import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { BACKENDS, bootFresh, type Call, type TestApp } from './helper';
import { recordCalls } from '../../schemas/api/records';
import { shape, str, strOrNull } from '../../schemas/api/shapes';
import { fullPath, SERVICE_BASES, auditCalls } from '../../schemas/api';
import { ok } from '../../server/http/envelope';
import { tagged } from '../../server/http/etag';
import { newId } from '../../server/http/ids';
import { route } from '../../server/http/route';
import { recordTable } from '../../server/repos/record-table';
import type { AppContext } from '../../server/context';

/**
 * The record kit (README "Adding an entity"): a plain company record declared with `recordCalls` and stored with
 * `recordTable`, served behind the platform's hooks. The README's depots, whole: the migration's SQL, the contract,
 * the routes; this file stands in for the migration and the route module.
 */
const MIGRATION = [
  `
  create table depots (
    id text primary key,
    company_id text not null references companies (id),
    branch_id text,
    department_id text,
    name text not null,
    city text not null,
    version integer not null default 1,
    unique (company_id, name)
  )`,
  `select audit_table('depots', 'depot', 'id', 'branch_id')`,
];

const DEPOT_TAKEN = 'The company has a depot of that name';
const depotSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 80, errorMessage: 'Please enter the depot name' },
    city: { type: 'string', minLength: 1, maxLength: 80, errorMessage: 'Please enter the city' },
  },
  required: ['name', 'city'],
  additionalProperties: false,
} as const;
const depotAnswer = shape({ id: str, name: str, city: str, branchId: strOrNull });
type Depot = FromSchema<typeof depotAnswer>;
const depotCalls = recordCalls({
  service: 'main',
  name: 'depots',
  noun: 'depot',
  path: '/saas/lego/depots',
  aggregate: { name: 'depot', table: 'depots', id: 'id', branch: true, department: true },
  body: depotSchema,
  answer: depotAnswer,
  taken: DEPOT_TAKEN,
});
const depots = recordTable<Depot>('depots', {
  columns: { name: 'name', city: 'city', branchId: 'branch_id' },
  order: 'name',
  taken: DEPOT_TAKEN,
});
async function depotRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, depotCalls.list, async ({ scope }) => ok(await depots.list(store, scope)));
  route(app, depotCalls.byId, async ({ params }, reply) => ok(tagged(reply, await depots.read(store, params.id))));
  route(app, depotCalls.create, async ({ scope, body }, reply) =>
    ok(tagged(reply, await depots.insert(store, scope, newId('dep'), body))),
  );
  route(app, depotCalls.update, async ({ params, body, expected }, reply) =>
    ok(tagged(reply, await depots.update(store, params.id, body, expected))),
  );
  route(app, depotCalls.remove, async ({ params, expected }) => ok(await depots.remove(store, params.id, expected)));
}

const DEPOTS = fullPath(depotCalls.list, SERVICE_BASES);

describe.each(BACKENDS)('a record declared with the kit, on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend, { routes: [depotRoutes] });
    for (const statement of MIGRATION) await t.store.query(statement);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('adds a record to the scope, lists it, reads it with its ETag, changes it with If-Match and deletes it', async () => {
    const made = await call('POST', `${DEPOTS}?c=1001&b=3101`, { name: 'Taloja', city: 'Navi Mumbai' });
    expect(made.status).toBe(200);
    expect(made.headers.etag).toBe('"1"');
    const { id } = made.body.data;
    expect((await call('GET', `${DEPOTS}?c=1001`)).body.data).toEqual([
      { id, name: 'Taloja', city: 'Navi Mumbai', branchId: '3101' },
    ]);
    // The list of another branch of the company leaves it out; a record of the whole company would be in both.
    expect((await call('GET', `${DEPOTS}?c=1001&b=3102`)).body.data).toEqual([]);
    const read = await call('GET', `${DEPOTS}/${id}?c=1001`);
    expect(read.body.data).toEqual({ id, name: 'Taloja', city: 'Navi Mumbai', branchId: '3101' });
    const etag = String(read.headers.etag);
    const body = { name: 'Taloja II', city: 'Navi Mumbai' };
    const changed = await call('PUT', `${DEPOTS}/${id}?c=1001`, body, { headers: { 'if-match': etag } });
    expect(changed).toMatchObject({ status: 200, body: { data: { id, ...body } }, headers: { etag: '"2"' } });
    const stale = await call(
      'PUT',
      `${DEPOTS}/${id}?c=1001`,
      { name: 'X', city: 'Y' },
      { headers: { 'if-match': etag } },
    );
    expect(stale.status).toBe(412);
    expect((await call('DELETE', `${DEPOTS}/${id}?c=1001`, undefined, { headers: { 'if-match': etag } })).status).toBe(
      412,
    );
    expect((await call('DELETE', `${DEPOTS}/${id}?c=1001`)).status).toBe(200);
    expect((await call('GET', `${DEPOTS}?c=1001`)).body.data).toEqual([]);
    expect((await call('GET', `${DEPOTS}/${id}?c=1001`)).status).toBe(404);
  });

  it("refuses a second record of a unique value, a body its schema refuses, and a record out of the scope's reach", async () => {
    const { id } = (await call('POST', `${DEPOTS}?c=1001&b=3101`, { name: 'Adityapur', city: 'Jamshedpur' })).body.data;
    const again = await call('POST', `${DEPOTS}?c=1001`, { name: 'Adityapur', city: 'Tata' });
    expect(again).toMatchObject({ status: 409, body: { success: false, message: [DEPOT_TAKEN] } });
    const empty = await call('POST', `${DEPOTS}?c=1001`, { name: '', city: 'Tata' });
    expect(empty).toMatchObject({ status: 400, body: { message: ['Please enter the depot name'] } });
    const odd = await call('POST', `${DEPOTS}?c=1001`, { name: 'Sakchi', city: 'Jamshedpur', version: 9 });
    expect(odd.status).toBe(400);
    // Another company's, another branch's: not found, and nothing changed.
    expect((await call('GET', `${DEPOTS}/${id}?c=1002`)).status).toBe(404);
    expect((await call('PUT', `${DEPOTS}/${id}?c=1001&b=3102`, { name: 'Moved', city: 'Pune' })).status).toBe(404);
    expect((await call('DELETE', `${DEPOTS}/${id}?c=1001&b=3102`)).status).toBe(404);
    expect((await call('GET', `${DEPOTS}/${id}?c=1001`)).body.data.name).toBe('Adityapur');
  });

  it('is in the audit log, by the object type its migration names, with no other edit', async () => {
    const { id } = (await call('POST', `${DEPOTS}?c=1001`, { name: 'Gamharia', city: 'Seraikela' })).body.data;
    const log = await call('GET', `${fullPath(auditCalls.list, SERVICE_BASES)}?c=1001&type=depot`);
    expect(log.body.data.rows[0]).toMatchObject({
      objectType: 'depot',
      objectId: id,
      action: 'insert',
      call: 'depots.create',
    });
    const types = await call('GET', `${fullPath(auditCalls.objectTypes, SERVICE_BASES)}?c=1001`);
    expect(types.body.data).toContainEqual({ value: 'depot', label: 'Depot' });
  });
});
