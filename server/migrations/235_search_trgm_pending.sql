-- Issue 38: the lists' trigram indexes (migrations 210, 215, 225) keep a short pending list. A GIN index adds new
-- rows' entries to an unsorted pending list, which every search through the index reads whole, and which only a
-- VACUUM, or the list passing gin_pending_list_limit (4 MB by default), moves into the index. PGlite never vacuums,
-- and PostgreSQL only once autovacuum comes by: after 200,000 routes were added, a search for one route's code read
-- 433 pages of the routes' index for its 2 hits, and one of 20,000 consignees' 453, 442 of them the pending list. At
-- 64 kB (the least there is) the list is moved into the index every 8 pages: adding 20,000 consignees took 3.9 s
-- instead of 2.7. The lists the indexes hold now are moved at once.
do $$
declare
  index_name text;
begin
  foreach index_name in array array['routes_search_trgm_idx', 'company_places_search_trgm_idx',
                                    'consignees_search_trgm_idx'] loop
    if to_regclass(index_name) is not null then
      execute format('alter index %I set (gin_pending_list_limit = 64)', index_name);
      perform gin_clean_pending_list(to_regclass(index_name));
    end if;
  end loop;
end $$;
