-- Issue 35: alert configs are a declared resource (schemas/resources/alerts.ts), stamped as a spec's record is (who
-- made it and who last saved it, and when). A config made before was made and saved by nobody named, when it was made.
-- (Setting the new columns writes no audit entry: `audit_noise()` leaves them out of what changed.)
alter table alert_configs
  add column created_by text not null default '',
  add column updated_by text not null default '',
  add column updated_at timestamptz not null default now();
update alert_configs set updated_at = created_at;
