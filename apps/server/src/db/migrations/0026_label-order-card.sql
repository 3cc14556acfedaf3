ALTER TABLE "label_orders" ADD COLUMN "sample_card_id" bigint;--> statement-breakpoint
ALTER TABLE "label_orders" ADD COLUMN "template_id" bigint;--> statement-breakpoint
ALTER TABLE "label_orders" ADD CONSTRAINT "label_orders_sample_card_id_fk" FOREIGN KEY ("tenant_id","sample_card_id") REFERENCES "public"."label_sample_cards"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_orders" ADD CONSTRAINT "label_orders_template_id_fk" FOREIGN KEY ("tenant_id","template_id") REFERENCES "public"."label_templates"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "label_orders_sample_card_id_ref_idx" ON "label_orders" USING btree ("tenant_id","sample_card_id");--> statement-breakpoint
CREATE INDEX "label_orders_template_id_ref_idx" ON "label_orders" USING btree ("tenant_id","template_id");