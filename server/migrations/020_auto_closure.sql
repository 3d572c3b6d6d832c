-- Auto closure rules of spec 001 (one row per rule; the type's fields of section 3 kept as JSON) and the
-- company custom fields rule-based closure can test (offered as custom_values.<field_id>).

create table auto_closure_rules (
  id text primary key,
  company_id text not null references companies (id),
  branch_id text,
  identifier text not null,
  active boolean not null default true,
  config jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index auto_closure_rules_company_idx on auto_closure_rules (company_id, branch_id, created_at);

create table company_custom_fields (
  company_id text not null references companies (id),
  field_id text not null,
  display_name text not null,
  primary key (company_id, field_id)
);
