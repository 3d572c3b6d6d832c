-- Issue 38: the consignees list as the known places' (migrations 200, 215, 220). Keyset paging in the order it shows:
-- an index per sort that begins with the owner, matched by `=` on `coalesce(partner_id, '')` (an index gives its
-- order only after columns held equal by `=`, never after `is null`) and ends with the id; a kept count per owner,
-- so that a page read by number does not count every consignee of the company; and the searched columns kept as one
-- lower-cased text, which a `like '%…%'` reads through a trigram index where pg_trgm was created.
drop index if exists consignees_list_idx;
create index consignees_updated_idx on consignees (company_id, coalesce(partner_id, ''), updated_at desc, id);
create index consignees_code_sort_idx on consignees (company_id, coalesce(partner_id, ''), lower(code), id);
create index consignees_name_idx on consignees (company_id, coalesce(partner_id, ''), lower(name), id);
create index consignees_phone_idx on consignees (company_id, coalesce(partner_id, ''), phone, id);
create index consignees_email_idx on consignees (company_id, coalesce(partner_id, ''), lower(email), id);
create index consignees_updated_by_idx on consignees (company_id, coalesce(partner_id, ''), lower(updated_by), id);

alter table consignees add column search_text text generated always as (lower(
  code || E'\n' || name || E'\n' || phone || E'\n' || email || E'\n' || label || E'\n' || updated_by
)) stored;
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    create index if not exists consignees_search_trgm_idx on consignees using gin (search_text gin_trgm_ops);
  end if;
end $$;

create trigger list_count_insert after insert on consignees referencing new table as new_rows
  for each statement execute function count_list_rows('partner_id', '-');
create trigger list_count_delete after delete on consignees referencing old table as old_rows
  for each statement execute function count_list_rows('partner_id', '-');
create trigger list_count_update after update on consignees referencing old table as old_rows new table as new_rows
  for each statement execute function count_list_rows('partner_id', '-');
insert into list_counts (tbl, company_id, k1, k2, n)
  select 'consignees', company_id, coalesce(partner_id, ''), '', count(*) from consignees group by 1, 2, 3;
