-- Issue 35: dashboards are a declared resource (schemas/resources/dashboards.ts), stamped as a spec's record is (who
-- made it and who last saved it, and when). A dashboard made before was made and saved by nobody named, when it was
-- made. (Setting the new columns writes no audit entry: `audit_noise()` leaves them out of what changed.)
alter table dashboards
  add column created_by text not null default '',
  add column updated_by text not null default '',
  add column updated_at timestamptz not null default now();
update dashboards set updated_at = created_at;
