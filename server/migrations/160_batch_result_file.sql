-- A batch's result file (the uploaded rows with each row's result), made once when the batch ends (in the worker
-- pool: server/jobs/batch-result.ts) and sent as it is on every download. Null while the batch runs, and for batches
-- that ended before this migration: those are built on download (in the pool) and stored then.
alter table bulk_batches add column result_file bytea;
