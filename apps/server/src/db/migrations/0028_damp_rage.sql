CREATE TABLE "rfid_batch_keys" (
	"tenant_id" bigint NOT NULL,
	"equipment_coding" text NOT NULL,
	"batch_key" text NOT NULL,
	"batch_id" bigint,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfid_batch_keys_tenant_id_equipment_coding_batch_key_pk" PRIMARY KEY("tenant_id","equipment_coding","batch_key")
);
--> statement-breakpoint
CREATE TABLE "rfid_batches" (
	"tenant_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"equipment_coding" text NOT NULL,
	"format" text NOT NULL,
	"transport" text NOT NULL,
	"batch_key" text DEFAULT '' NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"tag_reads" integer DEFAULT 0 NOT NULL,
	"status_events" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"first_error" text DEFAULT '' NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rfid_batches_tenant_id_created_at_id_pk" PRIMARY KEY("tenant_id","created_at","id")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "rfid_equipment_events" (
	"tenant_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"equipment_coding" text NOT NULL,
	"event_type" text NOT NULL,
	"level" text DEFAULT 'info' NOT NULL,
	"antenna" smallint,
	"message" text DEFAULT '' NOT NULL,
	CONSTRAINT "rfid_equipment_events_tenant_id_created_at_id_pk" PRIMARY KEY("tenant_id","created_at","id")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "rfid_reads" (
	"tenant_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"equipment_coding" text NOT NULL,
	"epc" text NOT NULL,
	"tid" text DEFAULT '' NOT NULL,
	"antenna" smallint,
	"rssi_cdbm" integer,
	"frequency_khz" integer,
	"read_count" integer DEFAULT 1 NOT NULL,
	"phase" real,
	"location_id" bigint,
	"location_name" text DEFAULT '' NOT NULL,
	"scene_id" bigint,
	"batch_id" bigint NOT NULL,
	CONSTRAINT "rfid_reads_tenant_id_created_at_id_pk" PRIMARY KEY("tenant_id","created_at","id")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "location_id" bigint;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "scene_id" bigint;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "registration_status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "registration_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "bind_status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rfid_scenes" ADD COLUMN "scene_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "rfid_scenes" ADD COLUMN "depart_after" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "rfid_scenes" ADD COLUMN "move_holdoff" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "rfid_scenes" ADD COLUMN "return_guard" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
CREATE INDEX "rfid_batch_keys_created_idx" ON "rfid_batch_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "rfid_batches_equipment_prefix_idx" ON "rfid_batches" USING btree ("tenant_id",upper("equipment_coding") text_pattern_ops,"created_at","id");--> statement-breakpoint
CREATE INDEX "rfid_batches_key_idx" ON "rfid_batches" USING btree ("tenant_id","batch_key","created_at");--> statement-breakpoint
CREATE INDEX "rfid_equipment_events_equipment_prefix_idx" ON "rfid_equipment_events" USING btree ("tenant_id",upper("equipment_coding") text_pattern_ops,"created_at","id");--> statement-breakpoint
CREATE INDEX "rfid_equipment_events_type_idx" ON "rfid_equipment_events" USING btree ("tenant_id","event_type","created_at","id");--> statement-breakpoint
CREATE INDEX "rfid_reads_epc_prefix_idx" ON "rfid_reads" USING btree ("tenant_id",upper("epc") text_pattern_ops,"created_at","id");--> statement-breakpoint
CREATE INDEX "rfid_reads_equipment_prefix_idx" ON "rfid_reads" USING btree ("tenant_id",upper("equipment_coding") text_pattern_ops,"created_at","id");--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_location_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_scene_id_fk" FOREIGN KEY ("tenant_id","scene_id") REFERENCES "public"."rfid_scenes"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipment_location_id_ref_idx" ON "equipment" USING btree ("tenant_id","location_id");--> statement-breakpoint
CREATE INDEX "equipment_scene_id_ref_idx" ON "equipment" USING btree ("tenant_id","scene_id");--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_product_id_range" CHECK ("equipment"."product_id" >= 1 and true);--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_registration_status_enum" CHECK ("equipment"."registration_status" in (0, 1, 2, 3));--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_bind_status_enum" CHECK ("equipment"."bind_status" in (1, 0));--> statement-breakpoint
ALTER TABLE "rfid_scenes" ADD CONSTRAINT "rfid_scenes_depart_after_range" CHECK ("rfid_scenes"."depart_after" >= 10 and "rfid_scenes"."depart_after" <= 604800);--> statement-breakpoint
ALTER TABLE "rfid_scenes" ADD CONSTRAINT "rfid_scenes_move_holdoff_range" CHECK ("rfid_scenes"."move_holdoff" >= 0 and "rfid_scenes"."move_holdoff" <= 3600);--> statement-breakpoint
ALTER TABLE "rfid_scenes" ADD CONSTRAINT "rfid_scenes_return_guard_range" CHECK ("rfid_scenes"."return_guard" >= 0 and "rfid_scenes"."return_guard" <= 86400);--> statement-breakpoint
ALTER TABLE "rfid_scenes" ADD CONSTRAINT "rfid_scenes_scene_type_enum" CHECK ("rfid_scenes"."scene_type" in (1, 2, 3));--> statement-breakpoint
-- ingest (hand-written): rfid_reads and rfid_batches are partitioned by day, rfid_equipment_events by month
-- (PARTITION BY above; partitions created and pruned by core/partitions.ts from the feeds rfid/*)
SELECT 1;
