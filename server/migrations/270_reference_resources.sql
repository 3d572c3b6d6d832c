-- Issue 35: a company's custom fields, partner links and entity configs are declared resources
-- (schemas/resources/custom-fields.ts, partners.ts, entity-configs.ts), stamped as a spec's record is (who made it and
-- who last saved it, and when). A row made before was made (and, but an entity config, saved) by nobody named, when the
-- migration ran. Adding a column rewrites no row, so it writes no audit entry.
alter table company_custom_fields
  add column created_by text not null default '',
  add column updated_by text not null default '',
  add column created_at timestamptz not null default now(),
  add column updated_at timestamptz not null default now();
alter table company_partners
  add column created_by text not null default '',
  add column updated_by text not null default '',
  add column created_at timestamptz not null default now(),
  add column updated_at timestamptz not null default now();
alter table entity_configs
  add column created_by text not null default '',
  add column created_at timestamptz not null default now();
