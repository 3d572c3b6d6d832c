-- The number of rows of each scope of a big list, kept by the database as rows come and go, so that a page read by
-- number answers its total without counting the company's every row (a count of 200,000 routes read 170-330 ms of
-- index or table on every page). A list's total without a search is the sum over the scopes it shows. Statement
-- triggers with transition tables add one upsert per statement and scope (a bulk upload of 500 routes: one), and
-- none for an update that leaves a row in its scope.
create table list_counts (
  tbl text not null,
  company_id text not null,
  k1 text not null,
  k2 text not null,
  n bigint not null,
  primary key (tbl, company_id, k1, k2)
);

-- Arguments: the table's two scope columns after company_id ('-' for none); a null scope column counts as ''.
create function count_list_rows() returns trigger language plpgsql as $$
declare
  k1 text := case when TG_ARGV[0] = '-' then '''''' else format('coalesce(%I, '''')', TG_ARGV[0]) end;
  k2 text := case when TG_ARGV[1] = '-' then '''''' else format('coalesce(%I, '''')', TG_ARGV[1]) end;
  delta text;
begin
  delta := case TG_OP
    when 'INSERT' then format('select company_id, %s as k1, %s as k2, 1 as d from new_rows', k1, k2)
    when 'DELETE' then format('select company_id, %s as k1, %s as k2, -1 as d from old_rows', k1, k2)
    else format('select company_id, %1$s as k1, %2$s as k2, 1 as d from new_rows
                 union all select company_id, %1$s, %2$s, -1 from old_rows', k1, k2)
  end;
  execute format(
    'insert into list_counts as c (tbl, company_id, k1, k2, n)
       select %L, company_id, k1, k2, sum(d) from (%s) delta group by company_id, k1, k2 having sum(d) <> 0
        order by company_id, k1, k2
     on conflict (tbl, company_id, k1, k2) do update set n = c.n + excluded.n',
    TG_TABLE_NAME, delta);
  return null;
end $$;

create trigger list_count_insert after insert on routes referencing new table as new_rows
  for each statement execute function count_list_rows('branch_id', 'department_id');
create trigger list_count_delete after delete on routes referencing old table as old_rows
  for each statement execute function count_list_rows('branch_id', 'department_id');
create trigger list_count_update after update on routes referencing old table as old_rows new table as new_rows
  for each statement execute function count_list_rows('branch_id', 'department_id');
insert into list_counts (tbl, company_id, k1, k2, n)
  select 'routes', company_id, coalesce(branch_id, ''), coalesce(department_id, ''), count(*) from routes
   group by 1, 2, 3, 4;

create trigger list_count_insert after insert on company_places referencing new table as new_rows
  for each statement execute function count_list_rows('partner_id', '-');
create trigger list_count_delete after delete on company_places referencing old table as old_rows
  for each statement execute function count_list_rows('partner_id', '-');
create trigger list_count_update after update on company_places referencing old table as old_rows new table as new_rows
  for each statement execute function count_list_rows('partner_id', '-');
insert into list_counts (tbl, company_id, k1, k2, n)
  select 'company_places', company_id, coalesce(partner_id, ''), '', count(*) from company_places group by 1, 2, 3;
