-- The outbound slice's cartons and shipments (../shared/operations.md §7): a carton's outbound
-- states (packing 11, packed 12, reviewed 13, audited 14, shipped 15, reset 19), the times of its
-- pack read, review and audit, a reset's typed confirmation; a shipment's cartons audited and read
-- at its dock-out gate, and the share loaded.
ALTER TABLE "wms_cartons" DROP CONSTRAINT "wms_cartons_status_enum";--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD CONSTRAINT "wms_cartons_status_enum" CHECK ("wms_cartons"."status" in (1, 2, 3, 4, 5, 11, 12, 13, 14, 15, 19));--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD COLUMN "packed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD COLUMN "audited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD COLUMN "reset_confirm" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD CONSTRAINT "wms_cartons_reset_confirm_len" CHECK (char_length("wms_cartons"."reset_confirm") <= 32);--> statement-breakpoint
CREATE INDEX "wms_cartons_packed_at_sort_idx" ON "wms_cartons" USING btree ("tenant_id","packed_at","id");--> statement-breakpoint
ALTER TABLE "wms_bills" ADD COLUMN "cartons_audited" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wms_bills" ADD COLUMN "cartons_loaded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wms_bills" ADD COLUMN "loaded_ratio" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wms_bills" ADD CONSTRAINT "wms_bills_cartons_audited_range" CHECK ("wms_bills"."cartons_audited" >= -999999999 and "wms_bills"."cartons_audited" <= 999999999);--> statement-breakpoint
ALTER TABLE "wms_bills" ADD CONSTRAINT "wms_bills_cartons_loaded_range" CHECK ("wms_bills"."cartons_loaded" >= -999999999 and "wms_bills"."cartons_loaded" <= 999999999);--> statement-breakpoint
ALTER TABLE "wms_bills" ADD CONSTRAINT "wms_bills_loaded_ratio_range" CHECK ("wms_bills"."loaded_ratio" >= 0 and "wms_bills"."loaded_ratio" <= 100);
