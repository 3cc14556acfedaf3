-- Pad review (../shared/operations.md E4, warehouse/pad-review): the read sessions of handhelds are the
-- rows of a declared screen now (packages/domain/src/resources/warehouse/pad.ts). A rejection keeps its
-- reason; a row keeps who uploaded it from the console (null: its device) and when it last moved; the
-- lengths the declaration states are the table's CHECKs too; the screen lists one kind, newest first.
ALTER TABLE "rfid_read_sessions" ADD COLUMN "reject_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rfid_read_sessions" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "rfid_read_sessions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "rfid_read_sessions" ADD CONSTRAINT "rfid_read_sessions_code_len" CHECK (char_length("rfid_read_sessions"."code") <= 32);--> statement-breakpoint
ALTER TABLE "rfid_read_sessions" ADD CONSTRAINT "rfid_read_sessions_equipment_coding_len" CHECK (char_length("rfid_read_sessions"."equipment_coding") <= 64);--> statement-breakpoint
ALTER TABLE "rfid_read_sessions" ADD CONSTRAINT "rfid_read_sessions_subject_type_len" CHECK (char_length("rfid_read_sessions"."subject_type") <= 32);--> statement-breakpoint
ALTER TABLE "rfid_read_sessions" ADD CONSTRAINT "rfid_read_sessions_subject_code_len" CHECK (char_length("rfid_read_sessions"."subject_code") <= 64);--> statement-breakpoint
ALTER TABLE "rfid_read_sessions" ADD CONSTRAINT "rfid_read_sessions_device_session_id_len" CHECK (char_length("rfid_read_sessions"."device_session_id") <= 100);--> statement-breakpoint
ALTER TABLE "rfid_read_sessions" ADD CONSTRAINT "rfid_read_sessions_reject_reason_len" CHECK (char_length("rfid_read_sessions"."reject_reason") <= 256);--> statement-breakpoint
CREATE INDEX "rfid_read_sessions_kind_idx" ON "rfid_read_sessions" USING btree ("tenant_id","kind","created_at","id");
