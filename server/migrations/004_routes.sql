-- Routes with their end points and waypoints, freight rates (route master) and known places.

create table routes (
  id text primary key,
  company_id text not null references companies (id),
  branch_id text,
  department_id text,
  code text not null default '',
  label text not null,
  stt double precision, -- minutes (hours x 60 need not be whole)
  origin jsonb not null,
  destination jsonb not null,
  updated_by text not null,
  updated_at bigint not null -- epoch milliseconds
);
create index routes_company_idx on routes (company_id, updated_at desc);

create table route_waypoints (
  id text primary key,
  route_id text not null references routes (id) on delete cascade,
  sequence integer not null,
  place jsonb not null
);
create index route_waypoints_route_idx on route_waypoints (route_id, sequence);

create table route_master (
  id text primary key,
  company_id text not null references companies (id),
  branch_id text,
  department_id text,
  route_id text not null references routes (id),
  partner_id text not null references companies (id),
  vehicle_id text not null references company_vehicles (id),
  material_id text not null references company_materials (id),
  valid_from bigint not null, -- epoch milliseconds
  load_type text not null default 'FTL',
  data jsonb not null,
  created_at timestamptz not null default now()
);
create index route_master_company_idx on route_master (company_id, created_at desc);

create table company_places (
  cp_id text primary key,
  company_id text not null references companies (id),
  partner_id text references companies (id), -- set for a transporter's place of one consignor
  cp_code text not null,
  label text not null,
  address text not null,
  geofence_radius double precision not null default 2,
  google jsonb not null,
  updated_by text not null,
  updated_at bigint not null
);
create index company_places_company_idx on company_places (company_id);
