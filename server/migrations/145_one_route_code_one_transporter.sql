-- Duplicates an operator would take for the same record (as 085 for auto closure rules, vehicles and materials):
-- the indexes decide, so two concurrent saves cannot both store one. The routes answer 409 with a readable refusal,
-- and a bulk route row its own error (server/routes/company-routes.ts, transporters.ts; rules/route-bulk-row.ts).
-- A database holding such duplicates from before stops here on the unique violation: tell them apart (or merge
-- them) by hand first. The demo data holds none.

-- A route code names one route of a company, whatever its case and spaces around it. The code is optional (spec 000
-- section 5): routes without one are left out.
create unique index routes_company_code on routes (company_id, lower(btrim(code))) where btrim(code) <> '';

-- One transporter per name and branch in a company (the list shows both; the same transporter's other branches
-- are records of their own), compared as the code above.
create unique index transporters_company_name_branch
  on transporters (company_id, lower(btrim(transporter_name)), lower(btrim(branch)));
