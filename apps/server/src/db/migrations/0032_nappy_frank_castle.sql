CREATE TABLE "rfid_fold_queue" (
	"tenant_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"equipment_coding" text NOT NULL,
	"location_id" bigint,
	"scene_id" bigint,
	"reads" integer NOT NULL,
	"data" text NOT NULL,
	CONSTRAINT "rfid_fold_queue_tenant_id_batch_id_pk" PRIMARY KEY("tenant_id","batch_id")
);
