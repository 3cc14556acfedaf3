-- Presence smoothing (issue 28, items 11–12; hand-written). A tag moves to another location once
-- that location's smoothed RSSI beats its own by a margin that falls as its location stays silent
-- (packages/domain/src/rfid/presence.ts: the mobility profile of the reading scene's type), and
-- only after reads at the new location at a few distinct instants. The row keeps one number a
-- location: presence_rssi_cdbm and candidate_rssi_cdbm now hold the smoothed RSSI (an
-- exponentially weighted mean, whole cdBm) of the current and the candidate location, where they
-- held the last read's (a fine first mean: rows written before carry on from it). New: the
-- candidate's reads at distinct instants and its last read. Both nullable, no default: adding them
-- rewrites no row; a candidate of a row from before counts as read once, last at its
-- candidate_since. Neither is indexed, so a re-read stays a HOT update (0037).
ALTER TABLE "rfid_epc_states" ADD COLUMN "candidate_reads" smallint;--> statement-breakpoint
ALTER TABLE "rfid_epc_states" ADD COLUMN "candidate_seen_at" timestamp with time zone;
