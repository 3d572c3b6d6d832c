-- Issue 35: a company's vehicles and materials are declared resources (schemas/resources/vehicles.ts, materials.ts),
-- kept as every declared record is: a version (a delete may name the one it expects, If-Match) and who saved it when
-- (epoch milliseconds). An entry made before keeps its creation time as the time it was saved, by nobody named (a
-- row written by hand, the time it is written). The list shows them oldest first, through an index in that order.
-- (Setting the new columns writes no audit entry: `audit_noise()` leaves them out of what changed.)
do $$
declare
  catalogue text;
begin
  foreach catalogue in array array['company_vehicles', 'company_materials'] loop
    execute format(
      'alter table %I add column version integer not null default 1, add column updated_by text not null default '''',
         add column updated_at bigint', catalogue);
    execute format('update %I set updated_at = (extract(epoch from created_at) * 1000)::bigint', catalogue);
    execute format(
      'alter table %I alter column updated_at set not null,
         alter column updated_at set default (extract(epoch from clock_timestamp()) * 1000)::bigint', catalogue);
    execute format('create index %I on %I (company_id, updated_at, id)', catalogue || '_company_order_idx', catalogue);
  end loop;
end $$;
