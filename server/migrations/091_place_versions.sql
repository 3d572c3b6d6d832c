-- Row versions for ETag / If-Match on known places (API.md "Lost updates"), as 060 and 080 did for the other records
-- the console edits: the update sets version = version + 1, and an update naming a version changes the row only while
-- it still has it. The audit trigger (070) leaves `version` out when it decides whether an update changed anything.
alter table company_places add column version integer not null default 1;
