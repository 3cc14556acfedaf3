-- GS1 standards of the tag lifecycle (issue 27, items 12–17; hand-written).
-- Locations get a GS1 GLN (13 digits, check digit checked by the declaration; unique in the tenant
-- where set: a partial unique index, as many locations have none) and a time zone (an IANA name;
-- blank: the tenant's, whose own blank is Asia/Shanghai). The lifecycle's EPCIS events name the
-- place by the SGLN of its GLN (else by a name-free URI of the tenant's and the location's codes)
-- and carry the UTC offset of its zone at the event's instant.
ALTER TABLE "locations" ADD COLUMN "gln" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "time_zone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_gln_len" CHECK (char_length("locations"."gln") <= 13);--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_time_zone_len" CHECK (char_length("locations"."time_zone") <= 64);--> statement-breakpoint
CREATE UNIQUE INDEX "locations_gln_uq" ON "locations" USING btree ("tenant_id","gln") WHERE "locations"."gln" <> '';--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "time_zone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_time_zone_len" CHECK (char_length("tenants"."time_zone") <= 64);--> statement-breakpoint
-- the location an event happened at (its names and URIs as they were are in biz_location and
-- read_point; the id lets a store's or warehouse's user find the events of its own place)
ALTER TABLE "label_tag_events" ADD COLUMN "location_id" bigint;--> statement-breakpoint
-- when a withdrawn EPC was generated: its order's whole-order events apply to it from then on only
ALTER TABLE "label_tag_withdrawals" ADD COLUMN "generated_at" timestamp with time zone;--> statement-breakpoint
-- CBV 2.0 has no "returning": a return is receiving with disposition returned
UPDATE "label_tag_events" SET "biz_step" = 'receiving' WHERE "biz_step" = 'returning';--> statement-breakpoint
-- The lookup of 0034 (its reasons hold), with two changes: it returns the event's location, and an
-- event of the whole label order applies to an EPC only from the EPC's generation on (its tag's
-- created_at, or its withdrawal's generated_at) and, for a withdrawn EPC, up to its withdrawal —
-- so the decommissioning of the EPCs an order withdrew before this one existed, or the encoding of
-- those it generated after this one was withdrawn, is not this EPC's (its withdrawal ends with the
-- order's first whole-order DELETE recorded since). Both bounds compare record times (the
-- platform's clock, as the tags' and withdrawals' own), not event times.
DROP FUNCTION label_tag_event_lookup(bigint, text, timestamptz, boolean, integer, boolean);--> statement-breakpoint
CREATE FUNCTION label_tag_event_lookup(p_tenant bigint, p_epc text, p_since timestamptz, p_newest boolean, p_limit integer, p_full boolean)
RETURNS TABLE (o_id bigint, o_created_at timestamptz, o_zone text, o_record_time timestamptz, o_action text, o_biz_step text,
  o_disposition text, o_read_point text, o_biz_location text, o_biz_transactions jsonb, o_epcs text[], o_epc_count integer,
  o_order_id bigint, o_order_code text, o_username text, o_source text, o_location_id bigint)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
AS $$
DECLARE
  v_order bigint;
  v_born timestamptz;
  v_gone timestamptz;
BEGIN
  SELECT t.order_id, t.created_at INTO v_order, v_born FROM label_tags t WHERE t.tenant_id = p_tenant AND t.epc = p_epc;
  IF v_order IS NULL THEN
    SELECT w.order_id, w.generated_at, w.withdrawn_at INTO v_order, v_born, v_gone
    FROM label_tag_withdrawals w WHERE w.tenant_id = p_tenant AND w.epc = p_epc;
    -- its withdrawal's own event (the order's first whole-order DELETE recorded from then on) is the last
    IF v_gone IS NOT NULL THEN
      SELECT min(e.record_time) INTO v_gone FROM label_tag_events e
      WHERE e.tenant_id = p_tenant AND e.order_id = v_order AND cardinality(e.epcs) = 0 AND e.action = 'DELETE' AND e.record_time >= v_gone;
    END IF;
  END IF;
  -- tenant_id + 0 and created_at + 0 s: the (tenant_id, …, created_at) b-trees are no alternative to the GIN index
  RETURN QUERY
  SELECT h.id, h.created_at, h.event_time_zone_offset, h.record_time, h.action, h.biz_step, h.disposition, h.read_point,
    h.biz_location, h.biz_transactions, CASE WHEN p_full THEN h.epcs END, h.epc_count, h.order_id, h.order_code, h.username, h.source,
    h.location_id
  FROM (
    SELECT e.* FROM label_tag_events e
    WHERE e.tenant_id + 0 = p_tenant AND e.epcs @> ARRAY[p_epc] AND e.created_at + interval '0 seconds' >= p_since
    UNION ALL
    SELECT e.* FROM label_tag_events e
    WHERE v_order IS NOT NULL AND e.tenant_id = p_tenant AND e.order_id = v_order AND cardinality(e.epcs) = 0 AND e.created_at >= p_since
      AND (v_born IS NULL OR e.record_time >= v_born) AND (v_gone IS NULL OR e.record_time <= v_gone)
  ) h
  ORDER BY CASE WHEN p_newest THEN h.created_at END DESC, CASE WHEN p_newest THEN h.id END DESC, h.created_at, h.id
  LIMIT p_limit;
END
$$;--> statement-breakpoint
ALTER FUNCTION label_tag_event_lookup(bigint, text, timestamptz, boolean, integer, boolean) SET plan_cache_mode = force_generic_plan;
