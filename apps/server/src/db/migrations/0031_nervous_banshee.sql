ALTER TABLE "rfid_registration_codes" DROP CONSTRAINT IF EXISTS "rfid_registration_codes_equipment_id_equipment_id_fk";
--> statement-breakpoint
ALTER TABLE "rfid_registration_codes" ADD CONSTRAINT "rfid_registration_codes_equipment_fk" FOREIGN KEY ("tenant_id","equipment_id") REFERENCES "public"."equipment"("tenant_id","id") ON DELETE cascade ON UPDATE no action;