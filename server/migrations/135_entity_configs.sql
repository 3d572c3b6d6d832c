-- The config service of spec 002 section 7 (API.md "Viewers"): a JSON configuration per entity and key (the keys of
-- spec 002 section 3: trip, indent, trip.geofence...). An entity is a company (branch and department null), a branch
-- (department null) or a department of a branch; its entity id (fteid) is derived from these ids (server/rules/fteid.ts).
create table entity_configs (
  id text primary key default gen_random_uuid()::text,
  company_id text not null references companies (id),
  branch_id text references branches (id),
  department_id text,
  config_key text not null,
  value jsonb not null,
  updated_by text,
  updated_at timestamptz not null default now()
);
-- One configuration per key and entity.
create unique index entity_configs_scope_idx on entity_configs (company_id, coalesce(branch_id, ''), coalesce(department_id, ''), config_key);
select audit_table('entity_configs', 'entity_config', 'id', 'branch_id');
