ALTER TABLE "wms_bills" DROP CONSTRAINT "wms_bills_status_enum";--> statement-breakpoint
ALTER TABLE "wms_bills" ADD CONSTRAINT "wms_bills_status_enum" CHECK ("wms_bills"."status" in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11));
