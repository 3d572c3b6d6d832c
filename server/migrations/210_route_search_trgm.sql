-- Issue 38: the routes list's search through an index. `search_text` (migrations 086, 092) holds the searched
-- columns lower-cased; a trigram index answers `search_text like '%…%'` from the index instead of reading every row of
-- the company (route-repository.ts pageJson). pg_trgm ships with PostgreSQL's contrib and with PGlite (loaded by
-- server/store/pglite-serve.ts); a server without it, or a role that may not create it, keeps the scan: the answer is
-- the same, only slower at scale.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
    create extension if not exists pg_trgm;
    create index if not exists routes_search_trgm_idx on routes using gin (search_text gin_trgm_ops);
  end if;
exception when insufficient_privilege then
  raise notice 'pg_trgm could not be created (%): the routes search reads without its index', sqlerrm;
end $$;
