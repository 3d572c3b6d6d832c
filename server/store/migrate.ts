import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { syncAuditTriggers } from './audit-triggers';
import type { Store } from './store';

/** The folder of `NNN_name.sql` files, applied in name order. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

/** Any fixed number; all instances take the same transaction-scoped lock before looking at the table. */
const MIGRATION_LOCK = 7_311_942;

/**
 * Applies the migrations not yet recorded in `schema_migrations`, all in one transaction, then makes the audit
 * triggers what schemas/audited.ts declares. The advisory lock
 * makes a second instance starting at the same time wait, then find everything applied. Returns the names applied.
 */
export async function migrate(store: Store, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  return store.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set((await q.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await q.exec(await readFile(join(dir, file), 'utf8'));
      await q.query('insert into schema_migrations (name) values ($1)', [file]);
      applied.push(file);
    }
    await syncAuditTriggers(q);
    return applied;
  });
}
