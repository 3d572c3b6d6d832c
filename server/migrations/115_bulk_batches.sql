-- Bulk-upload batches (spec 002 section 2.8): the uploaded file, kept in the database so that any instance can
-- run (and, after a restart, resume) the batch job, and one result per row keyed by (batch, row number): a row's
-- work and its result commit in one transaction, so a replayed job skips the rows already done.
create table bulk_batches (
  id text primary key,
  fteid text not null,            -- the uploader's entity (the desk of the login token): what GET /v1/batch filters on
  type text not null,             -- the component: 'configurations', ...
  filename text not null,
  status text not null check (status in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
  email text,                     -- told when the batch ends, when given
  file bytea not null,
  rows_total integer not null default 0,
  rows_done integer not null default 0,
  rows_failed integer not null default 0,
  messages jsonb not null default '[]',  -- why a whole batch failed (unreadable file, no rows)
  created_by text not null references users (id),
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index bulk_batches_entity_idx on bulk_batches (fteid, type, created_at desc);

create table bulk_batch_rows (
  batch_id text not null references bulk_batches (id) on delete cascade,
  row_no integer not null,        -- 1 = the first data row under the header
  ok boolean not null,
  result text not null,           -- 'Success' or the row's errors
  record_id text,                 -- what the row created (a customerConfigId)
  primary key (batch_id, row_no)
);
