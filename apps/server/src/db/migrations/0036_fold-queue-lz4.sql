-- The fold queue's reads (25 KB of text a batch of 500, stored out of line and deleted within
-- seconds) compressed with lz4 instead of pglz where the server has it: pglz took ~0.3 ms of the
-- database's CPU a batch (perf, bench/ingest), lz4 a fraction of it. PGlite has no lz4: pglz stays.
DO $$
BEGIN
  ALTER TABLE rfid_fold_queue ALTER COLUMN data SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  NULL;
END $$;
