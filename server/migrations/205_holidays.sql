-- A company's holiday calendar (schemas/resources/holidays.ts): one row per day and region in a scope (the unique
-- index decides, so two concurrent saves cannot both store one), listed by day.
create table holidays (
  id text primary key,
  company_id text not null references companies (id),
  branch_id text,
  name text not null,
  holiday_date date not null,
  region text not null,
  no_alerts boolean not null default false,
  version integer not null default 1,
  updated_by text not null,
  updated_at bigint not null
);
create unique index holidays_natural_key
  on holidays (company_id, coalesce(branch_id, ''), holiday_date, region);
create index holidays_company_date_idx on holidays (company_id, holiday_date, id);
create index holidays_company_updated_idx on holidays (company_id, updated_at, id);
