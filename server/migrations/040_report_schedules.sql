-- Report schedules of spec 001 (daily trip summary and exception reports) and the report service's entities.

-- The report service's entity of a company (GET /saas/lego/cbdt answers its id).
create table report_entities (
  id text primary key,
  company_id text not null unique references companies (id),
  created_at timestamptz not null default now()
);

create table report_schedules (
  id text primary key,
  entity_id text not null references report_entities (id),
  company_id text not null references companies (id),
  type text not null check (type in ('DAILY_TRIP_SUMMARY', 'ALERT')),
  active smallint not null default 1 check (active in (0, 1)),
  definition jsonb not null,
  cron text not null,
  job_uuid text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index report_schedules_entity_idx on report_schedules (entity_id, type, created_at);
