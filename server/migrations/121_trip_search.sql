-- The trip search index (spec 002 section 7, 'Sync Trip to ES'): the trip's full document as last synced, with a
-- full-text vector of its id, vehicle, route, parties and alerts. With SEARCH_URL set the document also goes to
-- Elasticsearch or OpenSearch (server/rules/trip-index.ts).
create table trip_search (
  trip_id text primary key references trips (id) on delete cascade,
  company_id text not null references companies (id),
  document jsonb not null,
  search tsvector not null,
  synced_at bigint not null
);
create index trip_search_text_idx on trip_search using gin (search);
create index trip_search_company_idx on trip_search (company_id);
