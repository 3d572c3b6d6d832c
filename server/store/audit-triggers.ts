import { AUDITED, type AuditedTable } from '../../schemas/audited';
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
 * their transaction: a trigger whose arguments differ is made again, a missing one created. A trigger on a table
 * that has no declaration is an error: the declaration is the one list of audited tables.
 */
export async function syncAuditTriggers(q: Queryable): Promise<void> {
  if (!(await q.one("select 1 from pg_proc where proname = 'audit_table'"))) return;
  const present = new Map(
    (
      await q.query<{ tbl: string; args: string }>(
        `select c.relname as tbl, encode(tr.tgargs, 'escape') as args
           from pg_trigger tr join pg_class c on c.oid = tr.tgrelid where tr.tgname = 'audit_change'`,
      )
    ).map((row) => [row.tbl, row.args.split('\\000').slice(0, -1)]),
  );
  const declared = new Set<string>(Object.values(AUDITED).map((d) => d.table));
  const strays = [...present.keys()].filter((name) => !declared.has(name));
  if (strays.length > 0)
    throw new Error(`Audited tables without a declaration in schemas/audited.ts: ${strays.join(', ')}`);
  for (const declaration of Object.values(AUDITED)) {
    const args = triggerArguments(declaration);
    if (present.get(declaration.table)?.join('\u0000') === args.join('\u0000')) continue;
    await q.query(`drop trigger if exists audit_change on ${declaration.table}`);
    await q.query('select audit_table($1::regclass, $2, $3, $4, $5, $6, $7)', [declaration.table, ...args]);
  }
}
