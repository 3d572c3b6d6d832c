-- Transporters of the older screens, with the logo kept in the database so every instance can serve it.

create table transporters (
  id text primary key,
  company_id text not null references companies (id),
  transporter_name text not null,
  branch text not null,
  address text not null,
  state text not null,
  city text not null,
  contact_person text not null,
  phone_number text not null,
  active boolean not null default true,
  uid text not null default '',
  logo bytea,
  logo_type text,
  logo_name text,
  created_at timestamptz not null default now()
);
create index transporters_company_idx on transporters (company_id, created_at);
