-- Consignees (spec 002 sections 2.2, 3 and 7; API.md "Consignees"): company partners of kind CONSIGNEE, each with its
-- place embedded (the known place's fields: cp_id, code, label, address, radius, Google's place). A TRANSPORTER keeps
-- them per consignor (partner_id), as its known places. A consignee code names one consignee of that scope whatever
-- its case; a bulk row or an edit that takes a code already there breaks the unique index and gets its own answer.
create table consignees (
  id text primary key,
  company_id text not null references companies (id),
  partner_id text references companies (id),
  code text not null,
  name text not null,
  type text not null check (type in ('CUSTOMER', 'WAREHOUSE', 'JIT_WAREHOUSE', 'DC', 'MDC', 'RDC', 'OEM')),
  phone text not null default '',
  email text not null,
  cp_id text not null unique,
  cp_code text not null,
  label text not null,
  address text not null,
  geofence_radius double precision not null default 2,
  google jsonb not null,
  updated_by text not null,
  updated_at bigint not null,
  version integer not null default 1
);
create unique index consignees_code_idx on consignees (company_id, coalesce(partner_id, ''), lower(code));
-- The list of a scope (company, consignor) newest first; the id keeps the order of one page stable.
create index consignees_list_idx on consignees (company_id, partner_id, updated_at desc, id);
select audit_table('consignees', 'consignee', 'id');
