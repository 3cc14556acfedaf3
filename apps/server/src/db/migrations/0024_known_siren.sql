ALTER TABLE "label_tags" DROP CONSTRAINT "label_tags_tenant_id_tenants_id_fk";
--> statement-breakpoint
CREATE UNIQUE INDEX "label_tags_tid_key" ON "label_tags" USING btree ("tenant_id","tid") WHERE "label_tags"."tid" <> '';--> statement-breakpoint
-- tags (hand-written): the partial TID index is now declared (label_tags_tid_key); drop the hand-made one of 0018
DROP INDEX IF EXISTS "label_tags_tid_uq";
