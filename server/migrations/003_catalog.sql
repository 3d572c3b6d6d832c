-- Standard vehicles and master materials, and each company's own picks or custom entries.

create table static_vehicles (
  id text primary key,
  body_type text not null,
  length text not null,
  weight_value double precision not null,
  weight_unit text not null,
  sort integer not null default 0
);

create table static_materials (
  id text primary key,
  type text not null,
  sort integer not null default 0
);

create table company_vehicles (
  id text primary key,
  company_id text not null references companies (id),
  branch_id text,
  department_id text,
  label text not null,
  ft_vehicle_id text references static_vehicles (id),
  created_at timestamptz not null default now()
);
create index company_vehicles_company_idx on company_vehicles (company_id);

create table company_materials (
  id text primary key,
  company_id text not null references companies (id),
  branch_id text,
  department_id text,
  label text not null,
  ft_material_id text references static_materials (id),
  created_at timestamptz not null default now()
);
create index company_materials_company_idx on company_materials (company_id);
