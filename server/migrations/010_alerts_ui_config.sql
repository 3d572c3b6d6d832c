-- Alert settings and the alert-and-ticket UI config (spec 001 sections 2.1, 2.2 and 3).

-- The alert types a UI module can display (the options of fetchAlertList).
create table alert_types (
  feature_key text primary key,
  name text not null,
  sort integer not null default 0
);

-- A company's alert configurations; extra_context is JSON text whose first element may hold ticketing.raise_ticket.
create table alert_configs (
  id text primary key,
  company_id text not null references companies (id),
  feature_key text not null,
  enabled boolean not null default true,
  extra_context text not null default '[]',
  created_at timestamptz not null default now(),
  unique (company_id, feature_key)
);
create index alert_configs_company_idx on alert_configs (company_id, feature_key);

-- Which alerts a UI module displays, for the company (branch_id null) or one branch.
create table ui_configs (
  id text primary key,
  company_id text not null references companies (id),
  branch_id text references branches (id),
  feature_key text not null,
  enabled boolean not null default true,
  extra_context jsonb not null default '[]',
  created_at timestamptz not null default now()
);
create unique index ui_configs_scope_key on ui_configs (company_id, coalesce(branch_id, ''), feature_key);
