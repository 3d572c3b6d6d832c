-- Sidebar menu override and dashboard settings (spec 001 sections 2.4, 2.5, 3).

-- The platform's menu entries (fetchSideBarMenuList, getDashboardMenu). `parent` is the parent's slug.
create table menu_items (
  id integer primary key,
  name text not null,
  slug text not null unique,
  parent text,
  url text not null default '',
  active boolean not null default true
);

-- A company's (or branch's) menu override for one role, some users, or everyone.
create table sidebar_menu_configs (
  id text primary key,
  company_id text not null references companies (id),
  branch_id text,
  -- 'all', 'role:9' or 'users:101,102': one override per company, branch and target.
  target text not null,
  feature_key text not null,
  roles integer,
  user_ids jsonb not null default '[]',
  extracontext jsonb not null default '[]',
  enabled integer not null default 1,
  created_at timestamptz not null default now()
);
create unique index sidebar_menu_configs_target_idx on sidebar_menu_configs (company_id, coalesce(branch_id, ''), target);

-- The landing page of a target (updateLandingPage), kept apart because the spec saves it with its own call.
create table sidebar_landing_pages (
  company_id text not null references companies (id),
  branch_key text not null,
  target text not null,
  landing_page text not null,
  primary key (company_id, branch_key, target)
);

-- Embedded BI dashboards: extra_context is the JSON text of the spec (PowerBI keys or looker users and tabs).
create table dashboards (
  id text primary key,
  company_id text not null references companies (id),
  branch_id text,
  department_id text,
  feature_key text not null,
  dashboard_type text not null,
  extra_context text not null,
  enabled boolean not null default true,
  created_at timestamptz not null default now()
);
create index dashboards_company_idx on dashboards (company_id, created_at);
