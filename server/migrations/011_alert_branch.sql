-- Alert configs per branch (spec 001 sections 2.1 and 3: each bulk alert row names a company and, optionally, a
-- branch). branch_id null = the whole company; a company may hold one config per alert for itself and one per branch.
alter table alert_configs add column branch_id text references branches (id);
alter table alert_configs drop constraint alert_configs_company_id_feature_key_key;
create unique index alert_configs_scope_key on alert_configs (company_id, coalesce(branch_id, ''), feature_key);
