-- Per-company settings of spec 002 section 2.7 (API.md "Settings"): feature permissions (map_view, tripAlerts) kept
-- per company, branch and department with their extraContext, and the company's ETA engine preferences.
create table feature_settings (
  id text primary key default gen_random_uuid()::text,
  company_id text not null references companies (id),
  branch_id text,
  department_id text,
  feature text not null,
  extra_context jsonb not null default '{}',
  updated_by text,
  updated_at timestamptz not null default now()
);
-- One record per feature and scope (a company-wide one has no branch and no department).
create unique index feature_settings_scope_idx on feature_settings (company_id, coalesce(branch_id, ''), coalesce(department_id, ''), feature);
select audit_table('feature_settings', 'feature_setting', 'id', 'branch_id');

-- The ETA engines of a company: `{engines: [{id, param}]}`; SpeedBasedTransformer carries minDistance and avgSpeed.
create table eta_preferences (
  company_id text primary key references companies (id),
  engine_setting jsonb not null,
  updated_by text,
  updated_at timestamptz not null default now()
);
select audit_table('eta_preferences', 'eta_preference', 'company_id');
