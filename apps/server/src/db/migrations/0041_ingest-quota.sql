-- The readers' ingestion quotas (modules/rfid/ingest/quota.ts): a token bucket a reader and one a
-- tenant (equipment_coding ''), in events, kept here so every server process shares them (each
-- writes what it took at most every few hundred milliseconds, one statement, and reads the levels
-- back); a reader's row also counts the batches refused today (the operator's panel).
CREATE TABLE "rfid_ingest_buckets" (
	"tenant_id" bigint NOT NULL,
	"equipment_coding" text NOT NULL,
	"tokens" double precision NOT NULL,
	"rate" double precision NOT NULL,
	"burst" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refused_day" date,
	"refused_batches" integer DEFAULT 0 NOT NULL,
	"refused_at" timestamp with time zone,
	CONSTRAINT "rfid_ingest_buckets_tenant_id_equipment_coding_pk" PRIMARY KEY("tenant_id","equipment_coding")
);
--> statement-breakpoint
-- the SHA-256 of the body stored under a key the reader gave: the same key with another body is a 409
ALTER TABLE "rfid_batch_keys" ADD COLUMN "body_hash" text;
