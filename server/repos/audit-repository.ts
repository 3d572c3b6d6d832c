import type { AuditEntry, AuditProvenance } from '../../schemas/api/audit';
import type { Queryable } from '../store/store';
import { containsPattern } from './contains-pattern';

/** Which entries of the audit log: one company (and branch), optionally one user, one object type and a time range. */
export interface AuditFilter {
  companyId: string;
  /** One branch's entries; null: the whole company's. */
  branchId: string | null;
  userId: string | null;
  objectType: string | null;
  /** Epoch milliseconds, both included; null: open. */
  from: number | null;
  to: number | null;
  /** Entries holding this text (any case) in who made them, the call, the object's type or id, or its record before or after; null: all. */
  text: string | null;
}

/** A stored entry, before its changes are worked out. */
export type AuditRow = Omit<AuditEntry, 'changes'>;

/** An entry as `page` selects it: its change set's columns flat (null without one), made into `provenance` below. */
type StoredEntry = Omit<AuditRow, 'provenance'> & {
  kind: AuditProvenance['kind'] | null;
  sourceCompanyId: string | null;
  sourceCompanyName: string | null;
  sourceBranchId: string | null;
  sourceBranchName: string | null;
  /** What a revert reverts: 'entry:<id>' or 'set:<id>' (migration 170_change_sets.sql). */
  reverts: string | null;
  /** The proposal a change set applied, and its title (migration 310_change_proposals.sql). */
  proposalId: string | null;
  proposalTitle: string | null;
};

/** What a revert reverts, from the change set's `reverts` ('entry:<id>' or 'set:<id>'). */
function revertsOf(reverts: string | null): AuditProvenance['reverts'] {
  if (reverts === null) return null;
  const at = reverts.indexOf(':');
  const [what, id] = [reverts.slice(0, at), reverts.slice(at + 1)];
  return { entry: what === 'entry' ? Number(id) : null, changeSet: what === 'set' ? id : null };
}

/** The entry with its change set's columns as its provenance (null without a change set). */
function withProvenance(stored: StoredEntry): AuditRow {
  const { kind, sourceCompanyId, sourceCompanyName, sourceBranchId, sourceBranchName, reverts, ...rest } = stored;
  const { proposalId, proposalTitle, ...row } = rest;
  const proposal = proposalId === null ? null : { id: proposalId, title: proposalTitle ?? proposalId };
  const source =
    sourceCompanyId === null
      ? null
      : {
          companyId: sourceCompanyId,
          companyName: sourceCompanyName ?? sourceCompanyId,
          branchId: sourceBranchId,
          branchName: sourceBranchId === null ? null : (sourceBranchName ?? sourceBranchId),
        };
  return { ...row, provenance: kind === null ? null : { kind, source, reverts: revertsOf(reverts), proposal } };
}

/**
 * The filter as SQL over `audit_log a` (with its user `u`), with its parameters $1 to $7; the search (`$7`, a LIKE
 * pattern) looks at what the list shows of an entry and at the record it changed, as the AP config's search does.
 */
const WHERE = `where a.company_id = $1 and ($2::text is null or a.branch_id = $2) and ($3::text is null or a.user_id = $3)
  and ($4::text is null or a.object_type = $4)
  and ($5::bigint is null or a.at >= to_timestamp($5::bigint / 1000.0))
  and ($6::bigint is null or a.at < to_timestamp(($6::bigint + 1) / 1000.0))
  and ($7::text is null or u.name ilike $7 or a.user_email ilike $7 or a.call_id ilike $7 or a.object_type ilike $7
    or a.object_id ilike $7 or a.before::text ilike $7 or a.after::text ilike $7)`;

const params = (f: AuditFilter) => [
  f.companyId,
  f.branchId,
  f.userId,
  f.objectType,
  f.from,
  f.to,
  f.text?.trim() ? containsPattern(f.text.trim()) : null,
];

/** The SQL of the audit log (migration 070_audit_log.sql): entries are written by triggers, only read here. */
export const auditRepository = {
  /**
   * One page of the entries the filter selects, newest first, and how many it selects in all; each with its branch's
   * name and, when it belongs to a change set, where that came from (its kind, a copy's source, what a revert reverts).
   */
  async page(
    q: Queryable,
    filter: AuditFilter,
    page: number,
    size: number,
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const rows = await q.query<StoredEntry>(
      `select a.id, floor(extract(epoch from a.at) * 1000)::bigint as at, a.branch_id as "branchId",
         br.name as "branchName", a.user_id as "userId",
         coalesce(u.name, a.user_email) as "userName", a.user_email as "userEmail", a.call_id as call,
         a.object_type as "objectType", a.object_id as "objectId", a.action, a.before, a.after, a.change_set as "changeSet",
         cs.kind, cs.source_company_id as "sourceCompanyId", sc.name as "sourceCompanyName",
         cs.source_branch_id as "sourceBranchId", sb.name as "sourceBranchName", cs.reverts,
         cs.proposal_id as "proposalId", pr.title as "proposalTitle"
       from audit_log a
         left join users u on u.id = a.user_id
         left join branches br on br.id = a.branch_id
         left join change_sets cs on cs.id = a.change_set
         left join companies sc on sc.id = cs.source_company_id
         left join branches sb on sb.id = cs.source_branch_id
         left join change_proposals pr on pr.id = cs.proposal_id
       ${WHERE}
       order by a.at desc, a.id desc
       limit $8 offset $9`,
      [...params(filter), size, (page - 1) * size],
    );
    const count = await q.one<{ n: number }>(
      `select count(*)::int as n from audit_log a left join users u on u.id = a.user_id ${WHERE}`,
      params(filter),
    );
    return { rows: rows.map(withProvenance), total: count?.n ?? 0 };
  },
  /**
   * The object types the audit triggers record, sorted: those schemas/audited.ts declares (their triggers are made
   * from it when the server migrates), and any a migration put under audit with `audit_table(...)` itself.
   */
  async objectTypes(q: Queryable): Promise<string[]> {
    const rows = await q.query<{ type: string }>(
      `select distinct split_part(encode(tgargs, 'escape'), '\\000', 1) as type
         from pg_trigger where tgname = 'audit_change' order by 1`,
    );
    return rows.map((row) => row.type);
  },
  /** The users with entries in the company (and branch), by name: the options of the user filter. */
  users(q: Queryable, scope: { companyId: string; branchId: string | null }): Promise<{ id: string; name: string }[]> {
    return q.query<{ id: string; name: string }>(
      `select a.user_id as id, coalesce(max(u.name), max(a.user_email), a.user_id) as name
         from audit_log a left join users u on u.id = a.user_id
        where a.company_id = $1 and ($2::text is null or a.branch_id = $2) and a.user_id is not null
        group by a.user_id
        order by 2, 1
        limit 500`,
      [scope.companyId, scope.branchId],
    );
  },
};
