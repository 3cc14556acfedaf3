CREATE TABLE "rfid_epc_states" (
	"tenant_id" bigint NOT NULL,
	"epc" text NOT NULL,
	"tid" text,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"read_count" bigint DEFAULT 0 NOT NULL,
	"last_equipment" text DEFAULT '' NOT NULL,
	"last_antenna" integer,
	"last_location_id" bigint,
	"last_rssi_cdbm" integer,
	"presence" text,
	"presence_location_id" bigint,
	"presence_since" timestamp with time zone,
	"presence_equipment" text,
	"presence_seen_at" timestamp with time zone,
	"presence_rssi_cdbm" integer,
	"depart_due_at" timestamp with time zone,
	"candidate_location_id" bigint,
	"candidate_since" timestamp with time zone,
	"candidate_rssi_cdbm" integer,
	"candidate_equipment" text,
	"sold_at" timestamp with time zone,
	"return_guard_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfid_epc_states_tenant_id_epc_pk" PRIMARY KEY("tenant_id","epc"),
	CONSTRAINT "rfid_epc_states_presence_enum" CHECK ("rfid_epc_states"."presence" in ('present', 'departed', 'sold'))
);
--> statement-breakpoint
CREATE INDEX "rfid_epc_states_seen_idx" ON "rfid_epc_states" USING btree ("tenant_id","last_seen_at" DESC NULLS LAST,"epc");--> statement-breakpoint
CREATE INDEX "rfid_epc_states_presence_idx" ON "rfid_epc_states" USING btree ("tenant_id","presence","presence_location_id");--> statement-breakpoint
CREATE INDEX "rfid_epc_states_depart_idx" ON "rfid_epc_states" USING btree ("depart_due_at") WHERE "rfid_epc_states"."presence" = 'present';--> statement-breakpoint
CREATE INDEX "rfid_epc_states_placed_idx" ON "rfid_epc_states" USING btree ("tenant_id","presence_equipment") WHERE "rfid_epc_states"."presence" = 'present';