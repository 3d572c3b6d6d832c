-- Change sets (issue 24, API.md "Compare, copy and revert"): a copy from another company, or a revert, writes many
-- records in one transaction; its audit entries carry the set's id (the transaction-local setting app.change_set,
-- set by the API beside the actor) so that the Audit Log shows and reverts them together.
create table change_sets (
  id text primary key,
  at timestamptz not null default now(),
  company_id text not null references companies (id), -- the company written to
  branch_id text,
  kind text not null check (kind in ('copy', 'revert')),
  user_id text,
  user_email text,
  source_company_id text, -- a copy's source (company, branch)
  source_branch_id text,
  reverts text, -- a revert's: 'entry:<id>' or 'set:<id>'
  items jsonb not null default '[]' -- what was written: [{area, key, action}] or [{objectType, objectId, action}]
);
create index change_sets_company_at_idx on change_sets (company_id, at desc);

alter table audit_log add column change_set text;
create index audit_log_change_set_idx on audit_log (change_set) where change_set is not null;
-- The later entries of one record (a revert is refused when the record changed after the entry it undoes).
create index audit_log_object_idx on audit_log (object_type, object_id, id);

create or replace function audit_change() returns trigger language plpgsql as $$
declare
  old_doc jsonb;
  new_doc jsonb;
  doc jsonb;
  company text;
  branch text;
  col text;
begin
  if tg_op <> 'INSERT' then old_doc := to_jsonb(old); end if;
  if tg_op <> 'DELETE' then new_doc := to_jsonb(new); end if;
  if tg_argv[5] <> '' then
    foreach col in array string_to_array(tg_argv[5], ',') loop
      if old_doc->>col is not null then old_doc := old_doc || jsonb_build_object(col, 'md5:' || md5(old_doc->>col)); end if;
      if new_doc->>col is not null then new_doc := new_doc || jsonb_build_object(col, 'md5:' || md5(new_doc->>col)); end if;
    end loop;
  end if;
  if tg_op = 'UPDATE' and old_doc - audit_noise() = new_doc - audit_noise() then return null; end if;
  doc := coalesce(new_doc, old_doc);
  if tg_argv[3] = '' then
    company := doc->>'company_id';
    if tg_argv[2] <> '' then branch := nullif(doc #>> string_to_array(tg_argv[2], ','), ''); end if;
  else
    execute format('select company_id, branch_id from %I where id = $1', tg_argv[3]) into company, branch using doc->>tg_argv[4];
  end if;
  -- A child row whose parent is already gone (a cascade): the parent's own entry tells of the deletion.
  if company is null then return null; end if;
  insert into audit_log (company_id, branch_id, user_id, user_email, call_id, object_type, object_id, action, before, after, change_set)
  values (
    company, branch,
    nullif(current_setting('app.user_id', true), ''),
    nullif(current_setting('app.user_email', true), ''),
    nullif(current_setting('app.call', true), ''),
    tg_argv[0], doc->>tg_argv[1], lower(tg_op), old_doc, new_doc,
    nullif(current_setting('app.change_set', true), '')
  );
  return null;
end $$;
