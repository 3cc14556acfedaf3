CREATE TABLE "rfid_registration_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"equipment_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rfid_registration_codes" ADD CONSTRAINT "rfid_registration_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rfid_registration_codes_hash_idx" ON "rfid_registration_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "rfid_registration_codes_open_idx" ON "rfid_registration_codes" USING btree ("tenant_id","equipment_id") WHERE used_at is null;