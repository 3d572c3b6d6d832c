-- Known places (API.md "Known places"): a code names one place of a company, or of a transporter for one consignor
-- (partner_id), whatever its case ('del-01' and 'DEL-01' are the same code to the people typing them). A bulk row
-- or an edit that takes a code already there breaks this index and gets its own 'already exists' answer.
-- Places without a code (none are created any more: the form and the sheet require one) are left out.
create unique index company_places_code_idx on company_places (company_id, coalesce(partner_id, ''), lower(cp_code))
  where cp_code <> '';
-- The list of a scope (company, consignor) newest first; the id index keeps the order of one page stable.
create index company_places_list_idx on company_places (company_id, partner_id, updated_at desc, cp_id);
-- company_places is audited since 070 (object type 'place'); nothing to add there.
