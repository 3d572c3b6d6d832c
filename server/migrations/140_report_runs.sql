-- Runs of report schedules (issue 14): one row per run, scheduled or 'Run now'. A scheduled run is claimed by
-- inserting its (schedule_id, due_at): the unique index lets exactly one server instance claim a due time, across
-- restarts too. The run's xlsx is kept for download (GET /saas/v1/rs/run/{runId}/file).
create table report_runs (
  id text primary key,
  schedule_id text not null references report_schedules (id) on delete cascade,
  company_id text not null references companies (id),
  trigger text not null check (trigger in ('SCHEDULE', 'MANUAL')),
  -- The cron time this run is for (null for 'Run now').
  due_at timestamptz,
  started_at timestamptz not null,
  finished_at timestamptz,
  -- Claimed after its due time had passed by more than the grace period (a due time missed while no server was up).
  late boolean not null default false,
  outcome text not null default 'RUNNING' check (outcome in ('RUNNING', 'SUCCESS', 'FAILED')),
  rows integer,
  recipients jsonb not null default '[]',
  error text,
  file_name text,
  file bytea,
  -- The recipients already mailed: a run taken up again (a job handed out again) does not mail them twice.
  mailed jsonb not null default '[]'
);
create unique index report_runs_due_idx on report_runs (schedule_id, due_at);
create index report_runs_schedule_idx on report_runs (schedule_id, started_at desc);

-- Attachments of messages kept in the outbox (a run's xlsx), in the order they were attached.
create table outbox_attachments (
  seq bigint not null references outbox (seq) on delete cascade,
  position integer not null,
  filename text not null,
  content_type text not null,
  content bytea not null,
  primary key (seq, position)
);

-- When schedules began to run: a due time before it was never missed, so the first start does not send every
-- schedule's last report at once.
create table report_scheduler (
  id integer primary key check (id = 1),
  since timestamptz not null default now()
);
insert into report_scheduler (id) values (1);
