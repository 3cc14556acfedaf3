-- A capture's events as the rows they are stored as, a chunk of JSON each (made when the document came, in a worker thread): the capture job stores each chunk in one statement the database reads itself, then the chunks go (the document itself is no longer kept).
CREATE TABLE "epcis_capture_chunks" (
	"tenant_id" bigint NOT NULL,
	"capture_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"events" integer NOT NULL,
	"rows" text NOT NULL,
	CONSTRAINT "epcis_capture_chunks_pk" PRIMARY KEY("tenant_id","capture_id","seq")
);
--> statement-breakpoint
-- the document as it came is no longer kept: its chunks are
ALTER TABLE "epcis_captures" DROP COLUMN "document";
