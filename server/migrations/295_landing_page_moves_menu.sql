-- A sidebar override is read with its target's landing page (schemas/resources/sidebar-menus.ts), so a change of that
-- page is a change of the override: its version moves on, and a form read before cannot save over it (412). Kept by a
-- trigger, so that every write of a landing page does it (its call, a copy, a revert), in the write's transaction.
-- Moving a version on alone is noise to the audit log (070), which logs no entry for it.
create function landing_page_moves_menu() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' then
    update sidebar_menu_configs set version = version + 1
     where company_id = new.company_id and coalesce(branch_id, '') = coalesce(new.branch_id, '') and target = new.target;
  end if;
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and (old.company_id, coalesce(old.branch_id, ''), old.target)
                           is distinct from (new.company_id, coalesce(new.branch_id, ''), new.target)) then
    update sidebar_menu_configs set version = version + 1
     where company_id = old.company_id and coalesce(branch_id, '') = coalesce(old.branch_id, '') and target = old.target;
  end if;
  return null;
end $$;
create trigger landing_page_moves_menu after insert or update or delete on sidebar_landing_pages
  for each row execute function landing_page_moves_menu();
