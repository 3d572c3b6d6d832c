-- The routes list's search (issue 10: a keystroke to filtered rows within 100 ms on 10,000 routes). Matching the
-- text against five columns, two of them read out of jsonb, on every row costs a scan per column; one stored text of
-- the five, kept by the database, is matched first instead, and only its hits are checked column by column
-- (server/repos/route-repository.ts pageJson). A substring of any one column is a substring of this text, so the
-- answer is the same. `%text%` cannot use a btree index (and pg_trgm is not in every database we run on).
alter table routes add column search_text text generated always as (
  label || E'\n' || code || E'\n' || coalesce(origin->>'address', '') || E'\n' ||
  coalesce(destination->>'address', '') || E'\n' || updated_by
) stored;
