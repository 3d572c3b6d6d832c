-- Issue 39: changes proposed, reviewed by a second person and applied. A proposal is its company's (and the branch and
-- department it was proposed in): a title, a comment, and its items, each a write of a declared resource (create,
-- update of a record read at a version, or remove). Its state moves proposed -> approved or rejected (by another desk
-- than the proposer's) or withdrawn (by the proposer); an approved one is applied once, as one change set, or fails
-- naming the record that changed since it was proposed.
create table change_proposals (
  id text primary key,
  company_id text not null references companies (id),
  -- Where it was proposed, and its writes are made: a proposal is reviewed at the company's level, within reach of
  -- each of its branches, so these are not the row's branch and department.
  proposed_branch_id text,
  proposed_department_id text,
  title text not null,
  comment text not null default '',
  items jsonb not null,
  state text not null
    check (state in ('proposed', 'approved', 'scheduled', 'rejected', 'withdrawn', 'applied', 'failed', 'expired')),
  proposed_by text not null, -- the user's id
  proposed_at bigint not null, -- epoch ms
  decided_by text,
  decided_at bigint,
  decision_comment text,
  applied_by text, -- who applied it, or scheduled it
  apply_at bigint, -- a scheduled proposal's time (epoch ms): the sweep of any instance applies it once due
  applied_at bigint,
  change_set text,
  error text,
  version integer not null default 1
);
-- The Changes list: a company's proposals newest first, of one state or all.
create index change_proposals_company_idx on change_proposals (company_id, proposed_at desc, id desc);
create index change_proposals_state_idx on change_proposals (company_id, state, proposed_at desc, id desc);
-- The sweep: scheduled proposals by when they are due, of every company.
create index change_proposals_due_idx on change_proposals (apply_at) where state = 'scheduled';
-- The sweep: open proposals by age, to expire them.
create index change_proposals_open_idx on change_proposals (proposed_at) where state in ('proposed', 'approved');

alter table change_sets drop constraint if exists change_sets_kind_check;
alter table change_sets add constraint change_sets_kind_check check (kind in ('copy', 'revert', 'proposal'));
alter table change_sets add column proposal_id text;
