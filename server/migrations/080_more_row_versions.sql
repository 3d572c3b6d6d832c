-- Row versions for ETag / If-Match on the remaining records the console edits (API.md "Lost updates"), as 060 did
-- for transporters, routes, auto closure rules and UI configs: every update statement of these records sets
-- version = version + 1, and a write that names a version (If-Match) changes the row only while it still has it.
-- The audit trigger (070) leaves `version` out when it decides whether an update changed anything.
alter table alert_configs add column version integer not null default 1;
alter table sidebar_menu_configs add column version integer not null default 1;
alter table dashboards add column version integer not null default 1;
alter table report_schedules add column version integer not null default 1;
