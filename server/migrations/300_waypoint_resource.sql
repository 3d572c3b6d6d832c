-- Issue 35: route waypoints are a declared resource (schemas/resources/waypoints.ts). A waypoint is where its route
-- is: it keeps its route's company, branch and department in columns of its own, as every declared record does, so
-- that its calls, the audit log and its scope read them directly. A trigger sets them from the route on every insert
-- (the declaration's create, a bulk route upload, the seed, a revert), whatever the writer sends: a route never moves,
-- so they stay its route's. A waypoint is stamped as a spec's record is (who made it and last saved it, and when) and
-- versioned; one made before was made by nobody named, when the migration ran.
--
-- The audit trigger is taken off while the rows are filled in (a rewrite that changes nothing), and put back reading
-- the waypoint's own company and branch.
drop trigger audit_change on route_waypoints;
alter table route_waypoints
  add column company_id text references companies (id),
  add column branch_id text,
  add column department_id text,
  add column version integer not null default 1,
  add column created_by text not null default '',
  add column updated_by text not null default '',
  add column created_at timestamptz not null default now(),
  add column updated_at timestamptz not null default now();
update route_waypoints w set company_id = r.company_id, branch_id = r.branch_id, department_id = r.department_id
  from routes r where r.id = w.route_id;
alter table route_waypoints alter column company_id set not null;

create function waypoint_is_its_routes() returns trigger language plpgsql as $$
begin
  select r.company_id, r.branch_id, r.department_id into new.company_id, new.branch_id, new.department_id
    from routes r where r.id = new.route_id;
  return new;
end $$;
create trigger waypoint_is_its_routes before insert or update of route_id, company_id, branch_id, department_id
  on route_waypoints for each row execute function waypoint_is_its_routes();
select audit_table('route_waypoints', 'waypoint', 'id', 'branch_id');
