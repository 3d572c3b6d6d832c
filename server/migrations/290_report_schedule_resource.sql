-- Issue 35: report schedules are a declared resource (schemas/resources/report-schedules.ts). A schedule's branch, which
-- its definition names (`definition.branch_id`; none: the whole company's), is kept in a column of its own as every
-- declared record's is: a save puts the scope's branch in both, and an edit never changes it. A schedule is stamped as
-- a spec's record is (who made it and who last saved it); one made before was made and saved by nobody named.
--
-- The audit trigger is taken off while the rows get their branch, so that filling the column in logs no change that is
-- none, and put back reading the branch from the column.
drop trigger audit_change on report_schedules;
alter table report_schedules
  add column branch_id text,
  add column created_by text not null default '',
  add column updated_by text not null default '';
update report_schedules set branch_id = definition->>'branch_id' where definition ? 'branch_id';
create index report_schedules_company_branch_idx on report_schedules (company_id, branch_id, created_at);
select audit_table('report_schedules', 'report_schedule', 'id', 'branch_id');
