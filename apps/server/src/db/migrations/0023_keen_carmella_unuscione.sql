ALTER TABLE "label_tags" DROP CONSTRAINT "label_tags_sku_id_fk";
--> statement-breakpoint
DROP INDEX "label_tags_sku_id_ref_idx";--> statement-breakpoint
ALTER TABLE "label_tags" ALTER COLUMN "sku_id" SET DATA TYPE integer;--> statement-breakpoint
ALTER TABLE "label_tags" ADD CONSTRAINT "label_tags_sku_id_range" CHECK ("label_tags"."sku_id" >= 1 and true);