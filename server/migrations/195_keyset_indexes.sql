-- Lists keyset-paged in the order they show (server/repos/keyset.ts): one index per tenant and sort key, ending in
-- the id, so a page after a cursor, and a page by number, reads the rows in order from the index instead of sorting
-- the company's every row. An index serves its order forwards and backwards (asc and desc of a sort).
drop index if exists routes_company_idx;
create index routes_company_updated_idx on routes (company_id, updated_at, id);
create index routes_company_label_idx on routes (company_id, lower(label), id);
create index routes_company_code_idx on routes (company_id, lower(code), id);
create index routes_company_origin_idx on routes (company_id, lower(coalesce(origin->>'address', '')), id);
create index routes_company_destination_idx on routes (company_id, lower(coalesce(destination->>'address', '')), id);
create index routes_company_updated_by_idx on routes (company_id, lower(updated_by), id);
-- Known places: the company's own (partner_id null) or a consignor's, newest first and a save's places by label, or
-- by a column.
drop index if exists company_places_list_idx;
create index company_places_updated_idx on company_places (company_id, partner_id, updated_at desc, lower(label), cp_id);
create index company_places_id_idx on company_places (company_id, partner_id, cp_id);
create index company_places_label_idx on company_places (company_id, partner_id, lower(label), cp_id);
create index company_places_code_sort_idx on company_places (company_id, partner_id, lower(cp_code), cp_id);
create index company_places_address_idx on company_places (company_id, partner_id, lower(address), cp_id);
create index company_places_updated_by_idx on company_places (company_id, partner_id, lower(updated_by), cp_id);
