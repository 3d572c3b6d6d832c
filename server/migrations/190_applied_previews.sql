-- Preview tokens are single-use (issue 33, API.md "Compare, copy and revert"): an apply or a revert records the token
-- it was given in the transaction that writes, first thing, so that of several requests with one token exactly one
-- writes (the others wait on the key, then find it taken: 409 naming the change set it made). A rolled-back apply
-- leaves no row, and the token can be used again.
create table applied_previews (
  token text primary key,
  company_id text not null,
  change_set text not null,
  at timestamptz not null default now()
);
