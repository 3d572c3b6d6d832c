import { ALL_AUDITED, type AuditedTable } from '../../schemas/audited';
import type { Queryable } from './store';

/** The arguments of a table's `audit_change` trigger (migration 070_audit_log.sql), from its declaration. */
export function triggerArguments(declaration: AuditedTable): string[] {
  const parent = typeof declaration.tenant === 'string' ? null : declaration.tenant;
  return [
    declaration.objectType,
    declaration.id,
    (declaration.branch ?? []).join(','),
    parent?.parent ?? '',
    parent?.via ?? '',
    (declaration.digests ?? []).join(','),
  ];
}

/**
 * Makes each audited table's trigger say what its declaration says (schemas/audited.ts), after the migrations in
 * their transaction: a trigger whose arguments differ is made again, a missing one created. (A trigger a migration
 * made itself for a table with no declaration is left: its changes are logged, but revert refuses them by name;
 * tests/server/audit-log.test.ts keeps the project's own tables all declared.)
 */
export async function syncAuditTriggers(q: Queryable): Promise<void> {
  if (!(await q.one("select 1 from pg_proc where proname = 'audit_table'"))) return;
  const present = new Map(
    (
      await q.query<{ tbl: string; args: string }>(
        `select c.relname as tbl, encode(tr.tgargs, 'escape') as args
           from pg_trigger tr join pg_class c on c.oid = tr.tgrelid
          where tr.tgname = 'audit_change' and c.relnamespace = current_schema()::regnamespace`,
      )
    ).map((row) => [row.tbl, row.args.split('\\000').slice(0, -1)]),
  );
  for (const declaration of ALL_AUDITED) {
    const args = triggerArguments(declaration);
    if (present.get(declaration.table)?.join('\u0000') === args.join('\u0000')) continue;
    await q.query(`drop trigger if exists audit_change on ${declaration.table}`);
    await q.query('select audit_table($1::regclass, $2, $3, $4, $5, $6, $7)', [declaration.table, ...args]);
  }
}
