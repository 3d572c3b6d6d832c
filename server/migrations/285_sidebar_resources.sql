-- Issue 35: sidebar menu overrides and their landing pages are declared resources (schemas/resources/sidebar-menus.ts,
-- landing-pages.ts). An override is stamped as a spec's record is (who made it and who last saved it, and when). A
-- landing page becomes a record like any other: an id of its own, its branch in `branch_id` (null for the company's,
-- where `branch_key` held '') and the same stamps; one per company, branch and target still (a unique index). It
-- keeps no version: an override is read with its target's landing page, and it is the override's version that a
-- change of the page moves on. A row made before was made and saved by nobody named, when it was made (an override)
-- or now (a landing page, which kept no time).
--
-- The landing pages' audit trigger is taken off while their rows are rewritten, so that the rewrite logs no change
-- that is none, and put back keyed by the new id. Entries logged before keep the old key (`branch_key`, `target`):
-- the Audit Log shows them as they were; a revert finds a record by its id, which they do not name.
alter table sidebar_menu_configs
  add column created_by text not null default '',
  add column updated_by text not null default '',
  add column updated_at timestamptz not null default now();
update sidebar_menu_configs set updated_at = created_at;

drop trigger audit_change on sidebar_landing_pages;
alter table sidebar_landing_pages drop constraint sidebar_landing_pages_pkey;
alter table sidebar_landing_pages rename column branch_key to branch_id;
alter table sidebar_landing_pages alter column branch_id drop not null;
update sidebar_landing_pages set branch_id = null where branch_id = '';
alter table sidebar_landing_pages
  add column id text not null default gen_random_uuid()::text primary key,
  add column created_by text not null default '',
  add column updated_by text not null default '',
  add column created_at timestamptz not null default now(),
  add column updated_at timestamptz not null default now();
create unique index sidebar_landing_pages_target_idx on sidebar_landing_pages (company_id, coalesce(branch_id, ''), target);
select audit_table('sidebar_landing_pages', 'landing_page', 'id', 'branch_id');
