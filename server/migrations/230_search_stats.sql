-- Issue 38: the lists' kept search texts (migrations 092, 215, 225) get a finer histogram, from which the planner
-- estimates how many rows a `search_text like '%…%'` finds. With the default one it estimated 12 of 1,000 consignees'
-- hits and read the table and sorted it instead of walking the list's order index until the page was full.
alter table routes alter column search_text set statistics 1000;
alter table company_places alter column search_text set statistics 1000;
alter table consignees alter column search_text set statistics 1000;
