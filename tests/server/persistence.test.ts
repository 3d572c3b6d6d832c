import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/store/migrate';
import { EVERY_BACKEND, caller, count, startApp } from './helper';

/** Every migration file: each is applied exactly once. */
const MIGRATIONS = readdirSync(new URL('../../server/migrations/', import.meta.url)).filter((f) =>
  f.endsWith('.sql'),
).length;

/** Tables the seed fills, with what must not change when it runs again. */
const SEEDED = [
  'companies',
  'branches',
  'departments',
  'company_partners',
  'permissions',
  'users',
  'static_vehicles',
  'static_materials',
  'routes',
  'route_waypoints',
  'route_master',
  'company_vehicles',
  'company_materials',
  'transporters',
  'company_places',
];

/**
 * These tests migrate and seed an empty database on disk, then open it again: two cold boots, about 12 s on PGlite
 * alone and far more beside the browser suite. A guard, not a speed check.
 */
const COLD_BOOTS = 180_000;

describe.each(EVERY_BACKEND)('data across restarts on $name', (backend) => {
  const dir = mkdtempSync(join(tmpdir(), 'lego-restart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'keeps data, the signing secret and seed counts across a restart',
    async () => {
      const db = await backend.create(join(dir, 'db'));
      try {
        const store = await db.open();
        const first = await startApp(store);
        const counts = Object.fromEntries(await Promise.all(SEEDED.map(async (t) => [t, await count(store, t)])));
        expect(counts.companies).toBeGreaterThanOrEqual(4);
        const ops = await first.login('ops@demo.local');
        const created = await ops.call('POST', '/saas/lego/company_materials/create?c=1003', { label: 'Gypsum' });
        const materialId = created.body.data.materialId;
        await first.close();
        await store.close();

        const reopened = await db.open();
        const second = await startApp(reopened);
        try {
          // The same desk token still works: the generated secret was kept in the database.
          const again = caller(second.app, { token: ops.deskToken });
          const list = (await again('GET', '/saas/lego/company_materials/fetch?c=1003')).body.data;
          expect(list).toContainEqual(expect.objectContaining({ id: materialId, label: 'Gypsum', ftMaterialId: null }));
          const after = Object.fromEntries(await Promise.all(SEEDED.map(async (t) => [t, await count(reopened, t)])));
          expect(after).toEqual({ ...counts, company_materials: counts.company_materials + 1 });
          expect(await migrate(reopened)).toEqual([]);
          expect(await count(reopened, 'schema_migrations')).toBe(MIGRATIONS);
        } finally {
          await second.close();
          await reopened.close();
        }
      } finally {
        await db.drop();
      }
    },
    COLD_BOOTS,
  );

  it(
    'does not bring back deleted demo content, but keeps expired@demo.local expired',
    async () => {
      // From the prepared copy: the first test already watched migrate and seed start from nothing.
      const db = await backend.prepared(join(dir, 'db2'));
      try {
        const store = await db.open();
        const first = await startApp(store);
        const ops = await first.login('ops@demo.local');
        expect((await ops.call('DELETE', '/tms/transporters/trn_tsl_vrl?c=1001')).status).toBe(200);
        await store.query("update users set pwd_exp = current_date + 30 where email = 'expired@demo.local'");
        await first.close();
        await store.close();

        const reopened = await db.open();
        const second = await startApp(reopened);
        expect(await reopened.one("select 1 as x from transporters where id = 'trn_tsl_vrl'")).toBeNull();
        const expired = await reopened.one<{ past: boolean }>(
          "select pwd_exp < current_date as past from users where email = 'expired@demo.local'",
        );
        expect(expired!.past).toBe(true);
        await second.close();
        await reopened.close();
      } finally {
        await db.drop();
      }
    },
    COLD_BOOTS,
  );
});

describe.each(EVERY_BACKEND.filter((b) => b.name === 'postgres'))(
  'two instances starting together on $name',
  (backend) => {
    it('migrate and seed once, whichever comes first', async () => {
      const db = await backend.create();
      const [a, b] = [await db.open(), await db.open()];
      try {
        const apps = await Promise.all([buildApp({ store: a }), buildApp({ store: b })]);
        expect(await count(a, 'companies')).toBe(6);
        expect(await count(a, 'routes')).toBe(12);
        expect(await count(a, 'schema_migrations')).toBe(MIGRATIONS);
        const secrets = await a.query("select value from settings where key = 'jwt_secret'");
        expect(secrets).toHaveLength(1);
        await Promise.all(apps.map((app) => app.close()));
      } finally {
        await a.close();
        await b.close();
        await db.drop();
      }
    });
  },
);
