-- Issue 39: the areas (declared resources, by name) whose changes a company has reviewed by a second person: a write of
-- one through its calls is refused (409) and proposed instead; who required it last, and when.
create table review_areas (
  company_id text not null references companies (id),
  resource text not null,
  set_by text not null, -- the user's id
  set_at bigint not null, -- epoch ms
  primary key (company_id, resource)
);
