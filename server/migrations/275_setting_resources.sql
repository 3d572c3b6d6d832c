-- Issue 35: feature settings and ETA preferences are declared resources (schemas/resources/feature-settings.ts,
-- eta-preferences.ts), settings saved in place: each keeps a version (bumped by every save, as a declared resource's
-- record does) and who made it, and when. A row made before was made by nobody named, when the migration ran. Adding a
-- column rewrites no row, so it writes no audit entry.
alter table feature_settings
  add column version integer not null default 1,
  add column created_by text not null default '',
  add column created_at timestamptz not null default now();
alter table eta_preferences
  add column version integer not null default 1,
  add column created_by text not null default '',
  add column created_at timestamptz not null default now();
