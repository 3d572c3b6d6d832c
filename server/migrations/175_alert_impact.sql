-- Alert impact previews (issue 25, API.md "Alert impact preview"): a company's stored trips of a period run through the
-- alert computations twice, with its alert configuration as it is and as it would be. A preview writes nothing but its
-- own row: its progress (trips done of trips) and, once done, its result. One preview runs per desk at a time; the
-- instance working on it renews its lease, and a preview whose lease ran out (its instance stopped) is failed by the
-- next start of that desk, so a crash does not hold the desk's slot.
create table alert_impact_runs (
  id text primary key,
  desk_id text not null,
  user_id text,
  company_id text not null references companies (id),
  branch_id text,
  period_from bigint not null, -- epoch ms, trips started from
  period_to bigint not null, -- epoch ms, trips started before
  proposed jsonb not null, -- the configurations as they would be: [{featureKey, enabled, extraContext}]
  status text not null check (status in ('running', 'done', 'cancelled', 'failed')),
  trips_total integer not null default 0,
  trips_done integer not null default 0,
  result jsonb,
  error text,
  lease_owner text,
  lease_until timestamptz,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create unique index alert_impact_runs_one_per_desk on alert_impact_runs (desk_id) where status = 'running';
create index alert_impact_runs_company_idx on alert_impact_runs (company_id, created_at desc);
-- Trips of a company by start time (the period a preview reads).
create index if not exists trips_company_started_idx on trips (company_id, started_at);
