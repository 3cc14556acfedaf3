-- EPC states written in place (HOT updates) when a tag is only read again: a fold writes every EPC it
-- saw, and each write used to add an entry to every index, because two indexed columns changed at
-- every read — last_seen_at (the lists' order) and depart_due_at (the departure sweep). Now:
-- - the lists' index is on the minute of last_seen_at (seen_minute, generated), changed once a
--   minute; the lists sort within a minute (PostgreSQL's incremental sort), the order unchanged;
-- - the sweep's index is on depart_check_at, at or before depart_due_at and kept while re-reads
--   push the due time on: the sweep moves it up to the due time when it comes (fold.ts, service.ts);
-- - pages keep room for the new row versions: a fold rewrites every row of a page in one
--   transaction, and at fillfactor 70 a third of those writes found no room (fillfactor 50).
CREATE FUNCTION tagloom_epoch_minute(t timestamptz) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT floor(extract(epoch FROM t) / 60)::bigint $$;--> statement-breakpoint
DROP INDEX "rfid_epc_states_seen_idx";--> statement-breakpoint
DROP INDEX "rfid_epc_states_depart_idx";--> statement-breakpoint
ALTER TABLE "rfid_epc_states" ADD COLUMN "depart_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rfid_epc_states" ADD COLUMN "seen_minute" bigint GENERATED ALWAYS AS (tagloom_epoch_minute(last_seen_at)) STORED;--> statement-breakpoint
UPDATE "rfid_epc_states" SET "depart_check_at" = "depart_due_at" WHERE "presence" = 'present';--> statement-breakpoint
ALTER TABLE "rfid_epc_states" SET (fillfactor = 50);--> statement-breakpoint
CREATE INDEX "rfid_epc_states_seen_idx" ON "rfid_epc_states" USING btree ("tenant_id","seen_minute" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rfid_epc_states_depart_idx" ON "rfid_epc_states" USING btree ("depart_check_at") WHERE "rfid_epc_states"."presence" = 'present';
