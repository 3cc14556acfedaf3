CREATE TABLE "device_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"device_code" text NOT NULL,
	"key_hash" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "dictionary_details" DROP CONSTRAINT "dictionary_details_module_id_dictionary_modules_id_fk";
--> statement-breakpoint
DROP INDEX "device_log_created_idx";--> statement-breakpoint
DROP INDEX "sync_log_created_idx";--> statement-breakpoint
DROP INDEX "dictionary_details_module_num_uq";--> statement-breakpoint
ALTER TABLE "dictionary_details" ALTER COLUMN "num" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "dictionary_details" ALTER COLUMN "name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "dictionary_modules" ALTER COLUMN "code" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "dictionary_modules" ALTER COLUMN "name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "dictionary_details" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "dictionary_modules" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "device_keys" ADD CONSTRAINT "device_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_keys_hash_idx" ON "device_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "device_keys_device_idx" ON "device_keys" USING btree ("tenant_id","device_code");--> statement-breakpoint
ALTER TABLE "dictionary_details" ADD CONSTRAINT "dictionary_details_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."dictionary_modules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."tenant_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_goods_attr_template_id_fk" FOREIGN KEY ("goods_attr_template_id") REFERENCES "public"."template_goods_attrs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_location_attr_template_id_fk" FOREIGN KEY ("location_attr_template_id") REFERENCES "public"."template_location_attrs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_coding_rule_template_id_fk" FOREIGN KEY ("coding_rule_template_id") REFERENCES "public"."template_coding_rules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_params" ADD CONSTRAINT "product_params_product_fk" FOREIGN KEY ("product") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_log_keyset_idx" ON "device_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "device_log_event_idx" ON "device_log" USING btree ("event_type","created_at","id");--> statement-breakpoint
CREATE INDEX "login_log_keyset_idx" ON "login_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "operation_log_keyset_idx" ON "operation_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sync_log_keyset_idx" ON "sync_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_details_module_id_num_uq" ON "dictionary_details" USING btree ("module_id","num");--> statement-breakpoint
ALTER TABLE "dictionary_details" ADD CONSTRAINT "dictionary_details_num_len" CHECK (char_length("dictionary_details"."num") <= 64);--> statement-breakpoint
ALTER TABLE "dictionary_details" ADD CONSTRAINT "dictionary_details_name_len" CHECK (char_length("dictionary_details"."name") <= 128);--> statement-breakpoint
ALTER TABLE "dictionary_details" ADD CONSTRAINT "dictionary_details_name_tw_len" CHECK (char_length("dictionary_details"."name_tw") <= 128);--> statement-breakpoint
ALTER TABLE "dictionary_details" ADD CONSTRAINT "dictionary_details_name_en_len" CHECK (char_length("dictionary_details"."name_en") <= 128);--> statement-breakpoint
ALTER TABLE "dictionary_details" ADD CONSTRAINT "dictionary_details_remark_len" CHECK (char_length("dictionary_details"."remark") <= 256);--> statement-breakpoint
ALTER TABLE "dictionary_details" ADD CONSTRAINT "dictionary_details_seq_range" CHECK ("dictionary_details"."seq" >= 0 and "dictionary_details"."seq" <= 9999);--> statement-breakpoint
ALTER TABLE "dictionary_details" ADD CONSTRAINT "dictionary_details_status_enum" CHECK ("dictionary_details"."status" in (1, 0));--> statement-breakpoint
ALTER TABLE "dictionary_modules" ADD CONSTRAINT "dictionary_modules_code_len" CHECK (char_length("dictionary_modules"."code") <= 64);--> statement-breakpoint
ALTER TABLE "dictionary_modules" ADD CONSTRAINT "dictionary_modules_name_len" CHECK (char_length("dictionary_modules"."name") <= 128);--> statement-breakpoint
ALTER TABLE "dictionary_modules" ADD CONSTRAINT "dictionary_modules_remark_len" CHECK (char_length("dictionary_modules"."remark") <= 256);--> statement-breakpoint
ALTER TABLE "dictionary_modules" ADD CONSTRAINT "dictionary_modules_seq_range" CHECK ("dictionary_modules"."seq" >= 0 and "dictionary_modules"."seq" <= 9999);