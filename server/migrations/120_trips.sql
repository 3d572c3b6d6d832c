-- The trip store (issue 13; spec 002 section 7, trip service): trips with their parties, assets, indent and trip
-- details, the location pings that the manual ping call appends to, and the analytics computed from them
-- (server/rules/trip-alerts.ts). Times are epoch milliseconds, as elsewhere.

create table trips (
  id text primary key check (length(id) between 1 and 64),
  company_id text not null references companies (id),
  branch_id text,
  department_id text,
  route_id text references routes (id) on delete set null,
  -- 1 open, 0 closed (spec 001 section 9's trip statuses).
  status smallint not null default 1 check (status in (0, 1)),
  started_at bigint not null,
  closed_at bigint,
  -- The planned path (origin, waypoints, destination) and STT as the trip started: a route edited later does not
  -- move an old trip's goal posts.
  path jsonb not null,
  stt double precision,
  vehicle_number text not null default '',
  -- Sections of the trip snapshot (GET /api/v1/trip/{id}/{section}).
  parties jsonb not null default '{}',
  assets jsonb not null default '[]',
  indent jsonb not null default '{}',
  details jsonb not null default '{}',
  -- The company's alert configurations as the trip started (what Replay uses; 'Replay with Updated config' reads
  -- them as they are now).
  alert_config jsonb not null default '[]',
  created_by text not null,
  created_at bigint not null
);
create index trips_company_idx on trips (company_id, started_at desc);

create table trip_pings (
  trip_id text not null references trips (id) on delete cascade,
  t bigint not null, -- device time, UTC
  lat double precision not null check (lat between -90 and 90),
  lng double precision not null check (lng between -180 and 180),
  speed double precision,
  temperature double precision,
  source text not null default 'GPS' check (source in ('SIM', 'GPS', 'MANUAL')),
  received_at bigint not null
);
create index trip_pings_trip_idx on trip_pings (trip_id, t);

-- The last computed analytics of a trip (its alerts), and with which configuration.
create table trip_analytics (
  trip_id text primary key references trips (id) on delete cascade,
  alerts jsonb not null,
  config jsonb not null,
  computed_at bigint not null
);
