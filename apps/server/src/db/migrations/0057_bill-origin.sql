ALTER TABLE "wms_bills" ADD COLUMN "origin" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "wms_bills" ADD CONSTRAINT "wms_bills_origin_enum" CHECK ("wms_bills"."origin" in (1, 2, 3));--> statement-breakpoint
UPDATE "wms_bills" SET "origin" = 2 WHERE "reservation_no" LIKE 'ASN-%' AND "supply_order_id" IS NOT NULL;
