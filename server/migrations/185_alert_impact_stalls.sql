-- A preview that stops every instance that takes it over (issue 25, server/jobs/alert-impact-job.ts): each takeover
-- notes the trips done when it took the preview (taken_at_done); a takeover of a preview whose holder died holding its
-- lease, with no trip done since the takeover before, counts a stall (stalls); one that finds progress starts the
-- count again, and one after a server that stopped (and freed the lease) counts nothing. After MAX_STALLS stalls in a
-- row the sweep ends the preview as failed, saying why, instead of handing it to the next instance.
alter table alert_impact_runs add column taken_at_done integer;
alter table alert_impact_runs add column stalls integer not null default 0;
