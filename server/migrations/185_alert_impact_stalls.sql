-- A preview that stops every instance that takes it over (issue 25, server/jobs/alert-impact-job.ts): each takeover
-- notes the trips done when it took the preview (taken_at_done); a takeover that finds no trip done since the last
-- one counts a stall (stalls), and one that finds progress starts the count again. After MAX_STALLS takeovers in a
-- row without progress the sweep ends the preview as failed, saying why, instead of handing it to the next instance.
alter table alert_impact_runs add column taken_at_done integer;
alter table alert_impact_runs add column stalls integer not null default 0;
