-- Two identical report schedules mail the same report twice: a company's report entity holds one schedule per type and
-- definition. The index decides, so two concurrent saves cannot both store one; the report routes answer 409 'An
-- identical report is already scheduled for this selection' (server/routes/report-schedules.ts). A disabled schedule
-- counts too: the operator enables it instead of adding its twin.
-- A database holding such duplicates from before stops here on the unique violation: delete (or change) one of each
-- pair by hand first. The demo data holds none.

-- The definition as compared: the recipients as a set (each address trimmed and in lower case, blanks dropped, sorted,
-- each once), the company and branch ids as text (a definition may send them as numbers), the job left out (each
-- schedule has its own), every other field as stored (schedule, params, filters). jsonb prints its keys in one order,
-- so equal definitions print the same text; its md5 keeps the index small whatever the definition's size.
create function report_definition_key(definition jsonb) returns text language sql immutable parallel safe as $$
  select md5((
    (definition - 'job_uuid') || jsonb_build_object(
      'email_recipients', coalesce((
        select string_agg(distinct lower(btrim(address, E' \t\r\n')), ',' order by lower(btrim(address, E' \t\r\n')))
        from unnest(string_to_array(definition->>'email_recipients', ',')) as address
        where btrim(address, E' \t\r\n') <> ''
      ), ''),
      'company_id', definition->>'company_id',
      'branch_id', definition->>'branch_id'
    )
  )::text)
$$;

-- One schedule per entity (a company's), type and definition: the branch is the definition's branch_id, so a branch's
-- schedule and a company-level one with otherwise the same definition are different selections.
create unique index report_schedules_entity_type_definition
  on report_schedules (entity_id, type, report_definition_key(definition));
