ALTER TABLE "label_tag_bindings" ADD COLUMN "order_id" bigint;--> statement-breakpoint
ALTER TABLE "label_tag_exceptions" ADD COLUMN "order_id" bigint;--> statement-breakpoint
ALTER TABLE "label_tag_bindings" ADD CONSTRAINT "label_tag_bindings_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."label_orders"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_tag_exceptions" ADD CONSTRAINT "label_tag_exceptions_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."label_orders"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "label_tag_bindings_order_id_ref_idx" ON "label_tag_bindings" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "label_tag_exceptions_order_id_ref_idx" ON "label_tag_exceptions" USING btree ("tenant_id","order_id");--> statement-breakpoint
-- Binding records and exceptions carry their tag's label order (partyVia: a label supplier's or a
-- factory's user sees the rows of its own orders only). Rows written before: the order of the tag
-- by its EPC, or of the withdrawn EPC, while that order exists; an EPC never generated keeps none
-- (seen by users bound to no party only).
UPDATE "label_tag_bindings" b SET "order_id" = (select o."id" from "label_orders" o where o."tenant_id" = b."tenant_id" and o."id" = coalesce(
  (select t."order_id" from "label_tags" t where t."tenant_id" = b."tenant_id" and t."epc" = b."epc"),
  (select w."order_id" from "label_tag_withdrawals" w where w."tenant_id" = b."tenant_id" and w."epc" = b."epc")));--> statement-breakpoint
UPDATE "label_tag_exceptions" e SET "order_id" = (select o."id" from "label_orders" o where o."tenant_id" = e."tenant_id" and o."id" = coalesce(
  (select t."order_id" from "label_tags" t where t."tenant_id" = e."tenant_id" and t."epc" = e."epc"),
  (select w."order_id" from "label_tag_withdrawals" w where w."tenant_id" = e."tenant_id" and w."epc" = e."epc")));
--> statement-breakpoint
-- A screen over another declaration's rows (rowsOf) stores its files under that declaration's scope:
-- a half-finished or finished order's attachments are the order's, whichever screen shows it.
UPDATE "files" SET "scope" = 'label/purchase-order' WHERE "scope" IN ('label/half-order', 'label/finished-order', 'label/receive-send', 'supply/label-order');
