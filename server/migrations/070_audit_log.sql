-- The audit log (API.md "Audit log"): every change to a company's configuration, written by a row trigger in the
-- transaction of the change, so a change that rolls back leaves no entry and no write path can skip it. Who and
-- which call come from transaction-local settings the API sets when it opens a transaction (server/store/actor.ts):
-- app.user_id, app.user_email, app.call. A change made outside the API (seed, a script) has none: 'System'.

create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(), -- the transaction's time: one change, one time
  company_id text not null,
  branch_id text,
  user_id text,
  user_email text,
  call_id text, -- the contract id of the API call, e.g. routes.createOrUpdate
  object_type text not null, -- schemas/audit.ts AUDIT_OBJECT_TYPES
  object_id text not null,
  action text not null check (action in ('insert', 'update', 'delete')),
  before jsonb, -- the row before (update, delete)
  after jsonb -- the row after (insert, update)
);
-- The screen lists one company's entries newest first, optionally from/to a time: one index range.
create index audit_log_company_at_idx on audit_log (company_id, at desc, id desc);

-- Entries are evidence: nothing changes or removes them through SQL by mistake (a retention job would disable this
-- trigger explicitly).
create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end $$;
create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_append_only();

-- Columns that change on every save without changing the configuration: an update touching only these is not logged.
create function audit_noise() returns text[] language sql immutable as $$ select '{updated_at,updated_by,version}'::text[] $$;

-- The row trigger of an audited table. Arguments (see audit_table): object type, id column, branch path
-- (comma-separated keys into the row, '' = none), parent table and the row's key of it (for rows without a
-- company_id: the parent's company_id and branch_id), columns kept as a digest only (comma-separated, e.g. a logo).
create function audit_change() returns trigger language plpgsql as $$
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
  insert into audit_log (company_id, branch_id, user_id, user_email, call_id, object_type, object_id, action, before, after)
  values (
    company, branch,
    nullif(current_setting('app.user_id', true), ''),
    nullif(current_setting('app.user_email', true), ''),
    nullif(current_setting('app.call', true), ''),
    tg_argv[0], doc->>tg_argv[1], lower(tg_op), old_doc, new_doc
  );
  return null;
end $$;

-- Puts a table under audit. A migration adding a configuration table calls this too (tests/server/audit-log.test.ts
-- fails for a table with a company_id column that is neither audited nor listed as not configuration).
create function audit_table(tbl regclass, object_type text, id_column text, branch_path text default '',
  parent_table text default '', parent_key text default '', digest_columns text default '') returns void language plpgsql as $$
begin
  execute format(
    'create trigger audit_change after insert or update or delete on %s for each row execute function audit_change(%L, %L, %L, %L, %L, %L)',
    tbl, object_type, id_column, branch_path, parent_table, parent_key, digest_columns
  );
end $$;

select audit_table('routes', 'route', 'id', 'branch_id');
select audit_table('route_waypoints', 'waypoint', 'id', '', 'routes', 'route_id');
select audit_table('route_master', 'route_master', 'id', 'branch_id');
select audit_table('company_vehicles', 'vehicle', 'id', 'branch_id');
select audit_table('company_materials', 'material', 'id', 'branch_id');
select audit_table('company_places', 'place', 'cp_id');
select audit_table('company_partners', 'partner', 'partner_id');
select audit_table('transporters', 'transporter', 'id', '', '', '', 'logo');
select audit_table('alert_configs', 'alert', 'id', 'branch_id');
select audit_table('ui_configs', 'ui_config', 'id', 'branch_id');
select audit_table('auto_closure_rules', 'auto_closure', 'id', 'branch_id');
select audit_table('company_custom_fields', 'custom_field', 'field_id');
select audit_table('sidebar_menu_configs', 'sidebar_menu', 'id', 'branch_id');
select audit_table('sidebar_landing_pages', 'landing_page', 'target', 'branch_key');
select audit_table('dashboards', 'dashboard', 'id', 'branch_id');
select audit_table('report_schedules', 'report_schedule', 'id', 'definition,branch_id');
