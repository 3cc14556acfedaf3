-- the sample of a quality inspection read at a QI area (operations.md E5 "sampled EPCs"): a row an EPC, its SKU, whether it
-- belongs to the inspected bill (a foreign one is shown, not counted), and the read session that read it
CREATE TABLE "wms_inspection_samples" (
	"tenant_id" bigint NOT NULL,
	"inspection_id" bigint NOT NULL,
	"epc" text NOT NULL,
	"sku_id" bigint,
	"foreign" boolean DEFAULT false NOT NULL,
	"session_id" bigint,
	"session_code" text DEFAULT '' NOT NULL,
	"equipment_coding" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wms_inspection_samples_pk" PRIMARY KEY("tenant_id","inspection_id","epc"),
	CONSTRAINT "wms_inspection_samples_epc_len" CHECK (char_length("wms_inspection_samples"."epc") <= 64),
	CONSTRAINT "wms_inspection_samples_session_code_len" CHECK (char_length("wms_inspection_samples"."session_code") <= 32),
	CONSTRAINT "wms_inspection_samples_equipment_coding_len" CHECK (char_length("wms_inspection_samples"."equipment_coding") <= 64)
);--> statement-breakpoint
ALTER TABLE "wms_inspection_samples" ADD CONSTRAINT "wms_inspection_samples_inspection_fk" FOREIGN KEY ("tenant_id","inspection_id") REFERENCES "public"."wms_inspections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wms_inspection_samples" ADD CONSTRAINT "wms_inspection_samples_sku_fk" FOREIGN KEY ("tenant_id","sku_id") REFERENCES "public"."goods_skus"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wms_inspection_samples_sku_idx" ON "wms_inspection_samples" USING btree ("tenant_id","sku_id");
