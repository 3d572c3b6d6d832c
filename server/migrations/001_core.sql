-- Companies, their branches and departments, partner links, users and permissions.
-- Company, branch and department ids are digit strings: other screens send them as integers (spec 002).

create table companies (
  id text primary key,
  name text not null,
  type text not null check (type in ('CONSIGNOR', 'TRANSPORTER'))
);
create index companies_name_idx on companies (lower(name));

create table branches (
  id text primary key, -- the old_branch_id the console sends as b
  company_id text not null references companies (id),
  name text not null
);
create index branches_company_idx on branches (company_id);

create table departments (
  id text primary key,
  old_department_id text not null unique, -- what the console sends as d
  branch_id text not null references branches (id),
  company_id text not null references companies (id),
  name text not null
);
create index departments_branch_idx on departments (branch_id);

-- Stored in both directions, so "partners of c" is one index lookup.
create table company_partners (
  company_id text not null references companies (id),
  partner_id text not null references companies (id),
  primary key (company_id, partner_id)
);

create table permissions (
  permission_id text primary key,
  name text not null,
  permission_type text not null check (permission_type in ('CD', 'U', 'R')),
  permission_create_mask text not null default '',
  permission_update_mask text not null default '',
  permission_read_mask text not null default ''
);

create table users (
  id text primary key,
  email text not null unique, -- stored lower case
  phone text unique,
  name text not null,
  password_hash text not null,
  pwd_exp date not null,
  desk_id text not null,
  masks jsonb not null -- {create, update, read} bit strings
);

create table settings (
  key text primary key,
  value text not null
);
