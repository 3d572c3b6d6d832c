-- Issue 38: the known places' search through an index, as the routes' (migrations 086, 092, 210): one stored
-- lower-cased text of the searched columns, which a `like '%…%'` reads through a trigram index where pg_trgm was
-- created; only its candidates are then checked column by column (place-repository.ts).
alter table company_places add column search_text text generated always as (lower(
  cp_code || E'\n' || label || E'\n' || address || E'\n' || updated_by
)) stored;
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    create index if not exists company_places_search_trgm_idx on company_places using gin (search_text gin_trgm_ops);
  end if;
end $$;
