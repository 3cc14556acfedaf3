-- The raw tag reads (feed rfid/raw-data) are stored ONE row a batch (a payload's reads): a column
-- of arrays for each field of a read, the n-th element of each being read n. A read costs the
-- database an array element instead of a row and three index entries (bench/ingest: a tenth of
-- its work a read). rfid_reads becomes a view of one row a read. Existing reads are moved.
CREATE TABLE "rfid_read_batches" (
	"tenant_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"batch_id" bigint NOT NULL,
	"equipment_coding" text NOT NULL,
	"location_id" bigint,
	"location_name" text DEFAULT '' NOT NULL,
	"scene_id" bigint,
	"reads" integer NOT NULL,
	"at_ms" double precision[] NOT NULL,
	"epcs" text[] NOT NULL,
	"tids" text[] NOT NULL,
	"antennas" smallint[] NOT NULL,
	"rssis" integer[] NOT NULL,
	"freqs" integer[] NOT NULL,
	"counts" integer[] NOT NULL,
	"phases" real[] NOT NULL,
	CONSTRAINT "rfid_read_batches_tenant_id_created_at_batch_id_pk" PRIMARY KEY("tenant_id","created_at","batch_id")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
-- the EPC filter: an exact match of an element, updated in place (fastupdate off: a lookup never
-- scans a pending list of the newest batches)
CREATE INDEX "rfid_read_batches_epcs_idx" ON "rfid_read_batches" USING gin ("epcs") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "rfid_read_batches_equipment_prefix_idx" ON "rfid_read_batches" USING btree ("tenant_id",upper("equipment_coding") text_pattern_ops,"created_at","batch_id");--> statement-breakpoint
-- a batch's arrays (12 KB of EPCs for 500 reads, stored out of line) compressed with lz4 where the
-- server has it (PGlite has not: pglz stays)
DO $$
BEGIN
  ALTER TABLE rfid_read_batches ALTER COLUMN at_ms SET COMPRESSION lz4, ALTER COLUMN epcs SET COMPRESSION lz4,
    ALTER COLUMN tids SET COMPRESSION lz4, ALTER COLUMN antennas SET COMPRESSION lz4, ALTER COLUMN rssis SET COMPRESSION lz4,
    ALTER COLUMN freqs SET COMPRESSION lz4, ALTER COLUMN counts SET COMPRESSION lz4, ALTER COLUMN phases SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  NULL;
END $$;
--> statement-breakpoint
-- the reads stored so far, a row per batch (received at the batch's time; the day partitions they
-- need made here, named as core/partitions.ts names them)
DO $$
DECLARE
  d date;
BEGIN
  CREATE TEMP TABLE tagloom_moved_reads ON COMMIT DROP AS
    SELECT r.tenant_id, coalesce(min(b.created_at), max(r.created_at)) AS created_at, r.batch_id,
           min(r.equipment_coding) AS equipment_coding, min(r.location_id) AS location_id, min(r.location_name) AS location_name,
           min(r.scene_id) AS scene_id, count(*)::int AS reads,
           array_agg(floor(extract(epoch from r.created_at) * 1000)::float8 ORDER BY r.created_at, r.id) AS at_ms,
           array_agg(r.epc ORDER BY r.created_at, r.id) AS epcs, array_agg(r.tid ORDER BY r.created_at, r.id) AS tids,
           array_agg(r.antenna ORDER BY r.created_at, r.id) AS antennas, array_agg(r.rssi_cdbm ORDER BY r.created_at, r.id) AS rssis,
           array_agg(r.frequency_khz ORDER BY r.created_at, r.id) AS freqs, array_agg(r.read_count ORDER BY r.created_at, r.id) AS counts,
           array_agg(r.phase ORDER BY r.created_at, r.id) AS phases
    FROM rfid_reads r LEFT JOIN rfid_batches b ON b.tenant_id = r.tenant_id AND b.id = r.batch_id
    GROUP BY r.tenant_id, r.batch_id;
  FOR d IN SELECT DISTINCT (created_at AT TIME ZONE 'UTC')::date FROM tagloom_moved_reads LOOP
    EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF rfid_read_batches FOR VALUES FROM (%L) TO (%L)',
      'rfid_read_batches_p' || to_char(d, 'YYYYMMDD'), d::timestamp AT TIME ZONE 'UTC', (d + 1)::timestamp AT TIME ZONE 'UTC');
  END LOOP;
  INSERT INTO rfid_read_batches (tenant_id, created_at, batch_id, equipment_coding, location_id, location_name, scene_id, reads,
                                 at_ms, epcs, tids, antennas, rssis, freqs, counts, phases)
    SELECT tenant_id, created_at, batch_id, equipment_coding, location_id, location_name, scene_id, reads,
           at_ms, epcs, tids, antennas, rssis, freqs, counts, phases
    FROM tagloom_moved_reads;
END $$;
--> statement-breakpoint
DROP TABLE "rfid_reads" CASCADE;--> statement-breakpoint
-- one row a read: created_at is the batch's (the feed's window and order), read_at the read's own
-- time, id the batch's id × 10000 + the read's place (a batch holds at most 5000, INGEST_MAX_EVENTS),
-- batch_epcs the batch's EPCs (a filter on it is answered by the GIN index)
CREATE VIEW "rfid_reads" AS
  SELECT b.tenant_id, b.batch_id * 10000 + r.n AS id, b.created_at, b.equipment_coding, r.epc, r.tid, r.antenna, r.rssi_cdbm,
         r.frequency_khz, r.read_count, r.phase, to_timestamp(r.at_ms / 1000) AS read_at, b.location_id, b.location_name,
         b.scene_id, b.batch_id, b.epcs AS batch_epcs
  FROM rfid_read_batches b
  CROSS JOIN LATERAL unnest(b.at_ms, b.epcs, b.tids, b.antennas, b.rssis, b.freqs, b.counts, b.phases)
    WITH ORDINALITY AS r(at_ms, epc, tid, antenna, rssi_cdbm, frequency_khz, read_count, phase, n);
