-- Alert impact previews taken over (issue 25, API.md "Alert impact preview", server/jobs/README.md): a running preview
-- is worked on under a lease, as a report run or a batch is (server/jobs/lease.ts, migration 165). Its instance holds
-- the lease (lease_owner, lease_until) and renews it while it works; a preview whose lease ran out (its instance
-- died) is taken over by the next sweep of any instance and resumed where its last slice ended, and a server that
-- stops frees its previews' leases at once. A desk's start no longer fails its preview whose lease ran out (as
-- migration 175 says): that preview is taken over and finished, and its desk starts another once it has ended. A
-- cancelled preview is never resumed.

-- The desk's alert configuration as it was when the preview started: a preview taken over compares the same settings.
alter table alert_impact_runs add column stored jsonb;
-- The partial result written with trips_done after each slice: the counts so far ([key, before, after]), the trips
-- whose alerts change so far (the 500 most changed) and the last trip done ([started_at, id]), the trips being read
-- in that order. Null once the preview has ended.
alter table alert_impact_runs add column checkpoint jsonb;
create index alert_impact_runs_lease_idx on alert_impact_runs (lease_until) where status = 'running';
-- Previews running under an earlier version hold their lease without an owner name: theirs while it is renewed, then
-- a sweep's, which starts them over (they have no checkpoint).
update alert_impact_runs set lease_owner = 'earlier-version' where status = 'running' and lease_owner is null;
