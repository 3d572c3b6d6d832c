import type { Proposal } from '../../schemas/api/proposals';
import type { ProposalItem, ProposalState } from '../../schemas/proposal';
import { newId } from '../http/ids';
import type { Queryable } from '../store/store';
import { type KeyOrder, readPage } from './keyset';
import type { Scope } from './scope-repository';

/** A proposal's columns as the calls answer it, with the names of who proposed and decided it. */
const COLUMNS = `p.id, p.title, p.comment, p.state, p.proposed_branch_id as "branchId",
  p.proposed_department_id as "departmentId",
  p.items, p.proposed_by as "proposedBy", coalesce(pu.name, pu.email, p.proposed_by) as "proposedByName",
  p.proposed_at as "proposedAt", p.decided_by as "decidedBy", coalesce(du.name, du.email, p.decided_by) as "decidedByName",
  p.decided_at as "decidedAt", p.decision_comment as "decisionComment", p.apply_at as "applyAt",
  p.applied_at as "appliedAt",
  p.change_set as "changeSet", p.error`;
const FROM = `change_proposals p left join users pu on pu.id = p.proposed_by left join users du on du.id = p.decided_by`;

/** The Changes list's order: newest proposed first, then the id (migration 310's indexes). */
const NEWEST: KeyOrder = {
  name: 'proposedAt.desc',
  parts: [
    { sql: 'p.proposed_at', type: 'bigint', desc: true },
    { sql: 'p.id', type: 'text', desc: true },
  ],
};

/** A page of the Changes list: its number (from 1) or the cursor it starts after, size, and the state shown. */
export interface ProposalPage {
  page: number;
  size: number;
  state?: ProposalState;
  after?: string;
  before?: string;
}

/** The SQL of proposals (migration 310_change_proposals.sql). */
export const proposalRepository = {
  /** Stores a proposal of `by` in `scope`, proposed now: the proposal as answered. */
  async insert(
    q: Queryable,
    scope: Scope,
    proposal: { title: string; comment: string; items: ProposalItem[] },
    by: string,
  ): Promise<Proposal> {
    const id = newId('prp');
    await q.query(
      `insert into change_proposals (id, company_id, proposed_branch_id, proposed_department_id, title, comment, items,
                                     state, proposed_by, proposed_at)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, 'proposed', $8, $9)`,
      [
        id,
        scope.companyId,
        scope.branchId,
        scope.departmentId,
        proposal.title.trim(),
        proposal.comment.trim(),
        // Each item as answered: every key present, null where it has none.
        JSON.stringify(
          proposal.items.map((item) => ({
            resource: item.resource,
            action: item.action,
            id: item.id === undefined || item.id === null ? null : String(item.id),
            version: item.version ?? null,
            body: item.body ?? null,
          })),
        ),
        by,
        Date.now(),
      ],
    );
    const made = await proposalRepository.byId(q, id);
    if (!made) throw new Error(`proposal ${id} was not stored`);
    return made;
  },

  /** Proposal `id` (its company checked by the call's `owns`), or null; `locked` holds its row to the transaction. */
  byId(q: Queryable, id: string, locked = false): Promise<Proposal | null> {
    // The row is locked alone (a row of an outer join cannot be); its names are read with it.
    return locked
      ? q
          .one('select 1 from change_proposals where id = $1 for update', [id])
          .then(() => q.one<Proposal>(`select ${COLUMNS} from ${FROM} where p.id = $1`, [id]))
      : q.one<Proposal>(`select ${COLUMNS} from ${FROM} where p.id = $1`, [id]);
  },

  /** Where a proposal is kept, for its writes: its company, branch and department. */
  scopeOf: (q: Queryable, id: string) =>
    q.one<{ companyId: string; branchId: string | null; departmentId: string | null }>(
      `select company_id as "companyId", proposed_branch_id as "branchId", proposed_department_id as "departmentId"
         from change_proposals where id = $1`,
      [id],
    ),

  /** One page of the company's proposals (of one state), newest first, with the number matching. */
  page(q: Queryable, companyId: string, page: ProposalPage) {
    const where = 'p.company_id = $1 and ($2::text is null or p.state = $2)';
    const params = [companyId, page.state ?? null];
    const source = { columns: COLUMNS, table: FROM, where, params };
    return readPage<Proposal>(q, source, NEWEST, page, async () => {
      const row = await q.one<{ n: number }>(
        `select count(*)::int as n from change_proposals p where ${where}`,
        params,
      );
      return { total: row?.n ?? 0, estimated: false };
    });
  },

  /** Schedules an approved proposal to be applied at `at` (epoch ms) by `by`: the proposal as answered. */
  async schedule(q: Queryable, id: string, at: number, by: string): Promise<Proposal> {
    await q.query(
      `update change_proposals set state = 'scheduled', apply_at = $2, applied_by = $3, version = version + 1 where id = $1`,
      [id, at, by],
    );
    const scheduled = await proposalRepository.byId(q, id);
    if (!scheduled) throw new Error(`proposal ${id} is gone`);
    return scheduled;
  },

  /** What waits in company `companyId` for `userId`: others' proposals to review, approved ones to apply. */
  async waiting(q: Queryable, companyId: string, userId: string): Promise<{ review: number; approved: number }> {
    const row = await q.one<{ review: number; approved: number }>(
      `select count(*) filter (where state = 'proposed' and proposed_by <> $2)::int as review,
              count(*) filter (where state = 'approved')::int as approved
         from change_proposals where company_id = $1 and state in ('proposed', 'approved')`,
      [companyId, userId],
    );
    return row ?? { review: 0, approved: 0 };
  },

  /**
   * The scheduled proposals due at `now` (epoch ms), soonest first, at most `limit`, with who scheduled them and the
   * type of their company: what the sweep applies.
   */
  due: (q: Queryable, now: number, limit = 50) =>
    q.query<{ id: string; companyId: string; userId: string; email: string; companyType: string }>(
      `select p.id, p.company_id as "companyId", p.applied_by as "userId", coalesce(u.email, '') as email, coalesce(c.type, 'CONSIGNOR') as "companyType"
         from change_proposals p left join users u on u.id = p.applied_by join companies c on c.id = p.company_id
        where p.state = 'scheduled' and p.apply_at <= $1 order by p.apply_at, p.id limit $2`,
      [now, limit],
    ),

  /**
   * Expires the proposals proposed before `before` (epoch ms) that wait still for a decision or an apply: how many.
   */
  async expire(q: Queryable, before: number): Promise<number> {
    const rows = await q.query(
      `update change_proposals set state = 'expired', version = version + 1
        where state in ('proposed', 'approved') and proposed_at < $1 returning id`,
      [before],
    );
    return rows.length;
  },

  /** Moves a proposal on: its new state and what the move records (who, when, why); the proposal as answered. */
  async move(
    q: Queryable,
    id: string,
    state: ProposalState,
    what: {
      decidedBy?: string;
      decisionComment?: string;
      appliedBy?: string;
      changeSet?: string;
      error?: string;
    } = {},
  ): Promise<Proposal> {
    const now = Date.now();
    await q.query(
      `update change_proposals set state = $2, version = version + 1,
              decided_by = coalesce($3, decided_by), decided_at = case when $3::text is null then decided_at else $4 end,
              decision_comment = coalesce($5, decision_comment),
              applied_by = coalesce($6, applied_by), applied_at = case when $7::text is null then applied_at else $4 end,
              change_set = coalesce($7, change_set), error = coalesce($8, error)
        where id = $1`,
      [
        id,
        state,
        what.decidedBy ?? null,
        now,
        what.decisionComment ?? null,
        what.appliedBy ?? null,
        what.changeSet ?? null,
        what.error ?? null,
      ],
    );
    const moved = await proposalRepository.byId(q, id);
    if (!moved) throw new Error(`proposal ${id} is gone`);
    return moved;
  },
};
