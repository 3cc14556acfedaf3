ALTER TABLE "label_tag_exceptions" DROP CONSTRAINT "label_tag_exceptions_kind_enum";--> statement-breakpoint
ALTER TABLE "label_tag_exceptions" ADD COLUMN "site_id" bigint;--> statement-breakpoint
ALTER TABLE "label_tag_exceptions" ADD COLUMN "zone_id" bigint;--> statement-breakpoint
ALTER TABLE "label_tag_exceptions" ADD COLUMN "carton_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "label_tag_exceptions" ADD COLUMN "bill_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "label_tag_exceptions" ADD CONSTRAINT "label_tag_exceptions_site_id_fk" FOREIGN KEY ("tenant_id","site_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_tag_exceptions" ADD CONSTRAINT "label_tag_exceptions_zone_id_fk" FOREIGN KEY ("tenant_id","zone_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "label_tag_exceptions_site_id_ref_idx" ON "label_tag_exceptions" USING btree ("tenant_id","site_id");--> statement-breakpoint
CREATE INDEX "label_tag_exceptions_zone_id_ref_idx" ON "label_tag_exceptions" USING btree ("tenant_id","zone_id");--> statement-breakpoint
ALTER TABLE "label_tag_exceptions" ADD CONSTRAINT "label_tag_exceptions_carton_no_len" CHECK (char_length("label_tag_exceptions"."carton_no") <= 32);--> statement-breakpoint
ALTER TABLE "label_tag_exceptions" ADD CONSTRAINT "label_tag_exceptions_bill_code_len" CHECK (char_length("label_tag_exceptions"."bill_code") <= 32);--> statement-breakpoint
ALTER TABLE "label_tag_exceptions" ADD CONSTRAINT "label_tag_exceptions_kind_enum" CHECK ("label_tag_exceptions"."kind" in (1, 2, 3, 4, 5, 6));
