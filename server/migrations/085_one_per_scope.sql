-- Rules an operator expects (issue 10): one auto closure rule per type, and one vehicle or material per label,
-- in each scope. The indexes decide, so two concurrent creates cannot both store the same entry; the routes insert
-- with `on conflict do nothing` and answer 409 with the refusal (server/routes/auto-closure.ts, company-catalog.ts).
-- A database holding such duplicates from before stops here on the unique violation: merge them by hand first.

-- Per company (branch_id null) or per branch, as alert configs (011_alert_branch.sql).
create unique index auto_closure_rules_scope_type on auto_closure_rules (company_id, coalesce(branch_id, ''), identifier);

-- Per company, branch and department, labels compared ignoring case (a standard pick stores its standard label).
create unique index company_vehicles_scope_label
  on company_vehicles (company_id, coalesce(branch_id, ''), coalesce(department_id, ''), lower(label));
create unique index company_materials_scope_label
  on company_materials (company_id, coalesce(branch_id, ''), coalesce(department_id, ''), lower(label));
