-- Row versions for ETag / If-Match (API.md "Lost updates"): every update statement of these records sets
-- version = version + 1, and a write that names a version (If-Match) changes the row only while it still has it.
alter table transporters add column version integer not null default 1;
alter table routes add column version integer not null default 1;
alter table auto_closure_rules add column version integer not null default 1;
alter table ui_configs add column version integer not null default 1;
