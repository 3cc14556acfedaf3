-- The raw reads keep what the readers measured and read beside the EPC: each read's Doppler
-- frequency (Hz to 0.01, Impinj dopplerFrequency) and what its tag access operations read with the
-- inventory (Impinj tagAccessResponses: a user-memory read, an EPC verify, as `identifier=HEX`),
-- the n-th element being read n's as for the other arrays; phases are kept to 0.01° from now on
-- (the column was real already). Batches stored before have neither (null arrays: null elements).
ALTER TABLE "rfid_read_batches" ADD COLUMN "dopplers" real[];--> statement-breakpoint
ALTER TABLE "rfid_read_batches" ADD COLUMN "memories" text[];--> statement-breakpoint
DO $$
BEGIN
  ALTER TABLE rfid_read_batches ALTER COLUMN dopplers SET COMPRESSION lz4, ALTER COLUMN memories SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  NULL;
END $$;
--> statement-breakpoint
-- the view of one row a read, with the two new fields (a batch without them unnests them as nulls:
-- unnest pads the shorter arrays)
CREATE OR REPLACE VIEW "rfid_reads" AS
  SELECT b.tenant_id, b.batch_id * 10000 + r.n AS id, b.created_at, b.equipment_coding, r.epc, r.tid, r.antenna, r.rssi_cdbm,
         r.frequency_khz, r.read_count, r.phase, to_timestamp(r.at_ms / 1000) AS read_at, b.location_id, b.location_name,
         b.scene_id, b.batch_id, b.epcs AS batch_epcs, r.doppler_hz, r.memory
  FROM rfid_read_batches b
  CROSS JOIN LATERAL unnest(b.at_ms, b.epcs, b.tids, b.antennas, b.rssis, b.freqs, b.counts, b.phases, b.dopplers, b.memories)
    WITH ORDINALITY AS r(at_ms, epc, tid, antenna, rssi_cdbm, frequency_khz, read_count, phase, doppler_hz, memory, n);
