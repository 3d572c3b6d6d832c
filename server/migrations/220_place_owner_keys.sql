-- Issue 38 (found by the scale bench): the known places' keyset indexes (migration 195) began with `partner_id`, but a
-- company's own places are those with `partner_id is null`, and PostgreSQL orders by an index only after columns
-- held equal by `=`, never by `is null`: the list read and sorted all of a company's places on every page (100 ms at
-- 60,000). The owner is now matched as `coalesce(partner_id, '') = …`, and the indexes begin with the same expression.
drop index if exists company_places_updated_idx;
drop index if exists company_places_id_idx;
drop index if exists company_places_label_idx;
drop index if exists company_places_code_sort_idx;
drop index if exists company_places_address_idx;
drop index if exists company_places_updated_by_idx;
create index company_places_updated_idx on company_places
  (company_id, coalesce(partner_id, ''), updated_at desc, lower(label), cp_id);
create index company_places_id_idx on company_places (company_id, coalesce(partner_id, ''), cp_id);
create index company_places_label_idx on company_places (company_id, coalesce(partner_id, ''), lower(label), cp_id);
create index company_places_code_sort_idx on company_places (company_id, coalesce(partner_id, ''), lower(cp_code), cp_id);
create index company_places_address_idx on company_places (company_id, coalesce(partner_id, ''), lower(address), cp_id);
create index company_places_updated_by_idx on company_places
  (company_id, coalesce(partner_id, ''), lower(updated_by), cp_id);
