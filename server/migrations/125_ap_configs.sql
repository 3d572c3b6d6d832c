-- AP (account-payable) configs (spec 002 sections 2.6 and 3; API.md "AP config"): a JSON object of one type for a
-- company's CBDT id (the company's own numeric id) and optionally one partner's (0 when none). The ids are whole
-- numbers, as the AP service answers them; every read and write names the company, another company's id is 404.
create table ap_configs (
  id integer generated always as identity primary key,
  company_id text not null references companies (id) on delete cascade,
  cbdt_id integer not null check (cbdt_id > 0),
  partner_cbdt_id integer not null default 0 check (partner_cbdt_id >= 0),
  type text not null check (type in ('DESK', 'SETTINGS', 'EXCEPTION_CHARGES')),
  value jsonb not null check (jsonb_typeof(value) = 'object'),
  version integer not null default 1,
  created_by text,
  updated_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The list of a company, newest first (the id keeps a page's order stable).
create index ap_configs_company_idx on ap_configs (company_id, id desc);
select audit_table('ap_configs', 'ap_config', 'id');
