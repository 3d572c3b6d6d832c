-- Duplicates an operator would take for the same record (as 085 and 145): the indexes decide, so two concurrent saves
-- cannot both store one. The routes answer 409 with a readable refusal, and a bulk route master row its own error
-- (server/routes/ap-config.ts, route-master.ts; rules/route-master-rows.ts).
-- A database holding such duplicates from before stops here on the unique violation: merge them (or delete one) by
-- hand first. The demo data holds none.

-- One AP config of a type per CBDT id and partner (0 when none) in a company: a second one is edited, not added.
create unique index ap_configs_company_cbdt_partner_type on ap_configs (company_id, cbdt_id, partner_cbdt_id, type);

-- One freight rate per route, transporter, vehicle, material and valid-from date (the day's local midnight the form
-- and the upload send) in a company, branch and department, as the list shows them (scopeFilter).
create unique index route_master_scope_rate
  on route_master (company_id, coalesce(branch_id, ''), coalesce(department_id, ''), route_id, partner_id, vehicle_id,
                   material_id, valid_from);
