-- Issue 35: route master entries (freight rates) are a declared resource (schemas/resources/route-master.ts), stamped
-- as a spec's record is (who made it and who last saved it, and when) and versioned as every declared record is. A
-- rate made before was made and saved by nobody named, when it was made. Adding a column rewrites no row, so it writes
-- no audit entry, and filling in when a rate was saved (`updated_at`) is noise the audit leaves out.
alter table route_master
  add column version integer not null default 1,
  add column created_by text not null default '',
  add column updated_by text not null default '',
  add column updated_at timestamptz not null default now();
update route_master set updated_at = created_at;
