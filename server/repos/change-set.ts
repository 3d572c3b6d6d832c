import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { COPY_MSG } from '../../schemas/config-copy';
import { ApiError } from '../http/envelope';
import { currentActor } from '../store/actor';
import type { Queryable } from '../store/store';
import type { Scope } from './scope-repository';

/**
 * Change sets and their preview tokens (API.md "Compare, copy and revert"). A preview answers a token: the digest of
 * what it read, then a nonce of its own, so that every preview's token is new even when two read the same. The
 * apply consumes the token in its transaction before anything else (migration 190_applied_previews.sql), takes the
 * company's change lock, reads again with the rows it plans from locked, and is refused (412) when the digest of what
 * it reads now is not the token's.
 */

/** The digest of what a preview read (64 hex digits). */
export const digestOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** A new preview's token for what it read. */
export const previewToken = (digest: string) => `${digest}${randomBytes(16).toString('hex')}`;

/** Whether a token was answered for a preview that read what `digest` says. */
export const tokenMatches = (token: string | undefined, digest: string) =>
  token !== undefined && token.length === digest.length + 32 && token.startsWith(digest);

/**
 * Starts the write a preview authorised: consumes its token first (of several requests with one token, one goes on;
 * the others wait for it and answer 409 naming the change set it made), then waits for any other copy or revert into
 * the same company. Returns the id of the change set the write is recorded as.
 */
export async function beginChangeSet(q: Queryable, companyId: string, token: string | undefined): Promise<string> {
  const id = `cs_${randomUUID()}`;
  if (token !== undefined) {
    const taken = await q.one(
      `insert into applied_previews (token, company_id, change_set) values ($1, $2, $3)
       on conflict (token) do nothing returning token`,
      [token, companyId, id],
    );
    if (!taken) {
      const prior = await q.one<{ change_set: string }>('select change_set from applied_previews where token = $1', [
        token,
      ]);
      throw new ApiError(409, [`${COPY_MSG.alreadyApplied} as change set ${prior?.change_set}: preview it again`]);
    }
  }
  // A copy or revert waits at most 15 seconds for another into the same company, or for a row an edit holds: past
  // that it answers 409 (55P03, server/http/validation.ts) rather than hold a connection of the pool.
  await q.query("select set_config('lock_timeout', '15s', true)");
  await q.query("select pg_advisory_xact_lock(hashtext('config-change:' || $1))", [companyId]);
  return id;
}

/** Records a change set and has the transaction's audit entries carry its id (migration 170_change_sets.sql). */
export async function recordChangeSet(
  q: Queryable,
  id: string,
  set: {
    company: Pick<Scope, 'companyId' | 'branchId'>;
    kind: 'copy' | 'revert' | 'proposal';
    source?: Scope;
    reverts?: string;
    /** The proposal a change set applies (issue 39). */
    proposal?: string;
    items: unknown[];
  },
): Promise<void> {
  const actor = currentActor();
  await q.query("select set_config('app.change_set', $1, true)", [id]);
  await q.query(
    `insert into change_sets (id, company_id, branch_id, kind, user_id, user_email, source_company_id, source_branch_id, reverts, items,
                              proposal_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11)`,
    [
      id,
      set.company.companyId,
      set.company.branchId,
      set.kind,
      actor?.userId ?? null,
      actor?.email ?? null,
      set.source?.companyId ?? null,
      set.source?.branchId ?? null,
      set.reverts ?? null,
      JSON.stringify(set.items),
      set.proposal ?? null,
    ],
  );
}
