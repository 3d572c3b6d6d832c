-- Notification configurations (spec 002 section 2.4, API.md "Notification configuration"): what a company (branch,
-- department), a user or a group is told of an event (105) in one mode. The scope columns are the ids the console
-- sends as integers, kept as text like every other company id. One configuration per scope, event and mode: the
-- unique index treats "none" (null) as a value of its own, so a company-wide and a branch configuration can coexist.
-- `settings` holds the mode's fields of section 3 (schemas/notification-config.ts NOTIFICATION_MODE_FIELDS) but
-- the webhook's password and auth key, kept in `secrets` and recorded in the audit log as a digest only.
create table notification_configs (
  id integer generated always as identity primary key,
  company_id text references companies (id),
  branch_id text,
  department_id text,
  user_id bigint,
  group_id bigint,
  related_company_id text,
  related_branch_id text,
  related_department_id text,
  event_id integer not null references notification_events (id),
  mode text not null check (mode in ('SMS', 'EMAIL', 'WEBHOOKS', 'WHATSAPP')),
  is_enabled boolean not null default true,
  version integer not null default 1, -- the ETag (API.md "Lost updates"), bumped by every update
  settings jsonb not null default '{}',
  secrets jsonb not null default '{}',
  created_by text,
  updated_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (company_id is not null or user_id is not null)
);
create unique index notification_configs_scope_idx on notification_configs (
  coalesce(company_id, ''), coalesce(branch_id, ''), coalesce(department_id, ''), coalesce(user_id, 0), coalesce(group_id, 0),
  coalesce(related_company_id, ''), coalesce(related_branch_id, ''), coalesce(related_department_id, ''), event_id, mode
);
create index notification_configs_company_idx on notification_configs (company_id, id);
create index notification_configs_user_idx on notification_configs (user_id, id) where company_id is null;
select audit_table('notification_configs', 'notification_config', 'id', 'branch_id', '', '', 'secrets');
