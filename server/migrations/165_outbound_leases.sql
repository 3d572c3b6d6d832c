-- Abuse resistance (issue 21).
-- Outbound quotas count messages, not requests: a send to 40 addresses takes 40 units of its buckets at once.
alter table rate_limit_hits add column units integer not null default 1;
-- The send a count belongs to: when its last message has gone, its count is moved to that time (a send of 100 that
-- takes a while to deliver holds its quota for a minute after its end, not its start).
alter table rate_limit_hits add column ticket text;
create index rate_limit_hits_ticket_idx on rate_limit_hits (ticket) where ticket is not null;

-- Leases: the instance working on a report run or a batch renews lease_until while it works (a heartbeat). A run or
-- batch whose lease ran out belongs to no live instance, and any instance's sweep takes it over (and a 'Run now'
-- is refused as 'running already' only while a live lease holds the run).
alter table report_runs add column lease_owner text;
alter table report_runs add column lease_until timestamptz;
-- The run's messages were counted against the outbound quotas: a run taken over is not counted twice.
alter table report_runs add column charged boolean not null default false;
create index report_runs_lease_idx on report_runs (lease_until) where outcome = 'RUNNING';
-- Runs left RUNNING by an earlier version (no lease): free for the first sweep.
update report_runs set lease_until = now() where outcome = 'RUNNING';

alter table bulk_batches add column lease_owner text;
alter table bulk_batches add column lease_until timestamptz;
-- When an instance last took the batch: the queue serves the entity served longest ago first (fair across desks).
alter table bulk_batches add column claimed_at timestamptz;
-- Claims so far: a batch whose every attempt ends in an error is given up after many (not retried for ever).
alter table bulk_batches add column attempts integer not null default 0;
create index bulk_batches_pending_idx on bulk_batches (created_at) where status in ('QUEUED', 'RUNNING');
create index bulk_batches_claimed_idx on bulk_batches (fteid, claimed_at desc);
create index bulk_batches_desk_pending_idx on bulk_batches (created_by) where status in ('QUEUED', 'RUNNING');
