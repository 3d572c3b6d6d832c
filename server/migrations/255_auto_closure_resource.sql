-- Issue 35: auto closure rules are a declared resource (schemas/resources/auto-closure.ts), stamped as a spec's record
-- is (who made it and who last saved it; when is kept already). A rule made before was made and saved by nobody named.
alter table auto_closure_rules
  add column created_by text not null default '',
  add column updated_by text not null default '';
