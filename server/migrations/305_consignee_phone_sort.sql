-- Issue 35: consignees' calls are built from their declaration, whose text sorts ignore case (lower()), as every
-- declared list's do; the phone sort's index follows (a phone holds digits only, so its order is the same).
drop index if exists consignees_phone_idx;
create index consignees_phone_idx on consignees (company_id, coalesce(partner_id, ''), lower(phone), id);
