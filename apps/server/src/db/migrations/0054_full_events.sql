-- Full EPCIS 2.0 events in the tag lifecycle (hand-written): label_tag_events, partitioned by month,
-- gets the event type (ObjectEvent, AggregationEvent, TransactionEvent, AssociationEvent; the rows
-- so far are ObjectEvents), GS1's canonical event hash as the event ID ('' for the rows so far:
-- their documents keep naming them by tenant and row), the parent (a URI: an SSCC as
-- urn:epc:id:sscc:…; '' for none), quantity lists, CBV sources and destinations, and an error
-- declaration. An aggregation's children are its `epcs`. A column added to the partitioned table
-- is added to every partition (PostgreSQL 15), the defaults filling the rows so far.
ALTER TABLE "label_tag_events" ADD COLUMN "event_type" text DEFAULT 'ObjectEvent' NOT NULL;--> statement-breakpoint
ALTER TABLE "label_tag_events" ADD COLUMN "event_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "label_tag_events" ADD COLUMN "parent_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "label_tag_events" ADD COLUMN "quantities" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "label_tag_events" ADD COLUMN "sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "label_tag_events" ADD COLUMN "destinations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "label_tag_events" ADD COLUMN "error_declaration" jsonb;--> statement-breakpoint
ALTER TABLE "label_tag_events" ADD CONSTRAINT "label_tag_events_event_type_enum"
  CHECK ("event_type" in ('ObjectEvent', 'AggregationEvent', 'TransactionEvent', 'AssociationEvent'));--> statement-breakpoint
-- an event found by its ID (EPCIS EQ_eventID) or its parent (MATCH_parentID, a carton's SSCC); partial:
-- most events have no parent, the rows so far no ID
CREATE INDEX "label_tag_events_event_id_idx" ON "label_tag_events" USING btree ("tenant_id","event_id") WHERE "event_id" <> '';--> statement-breakpoint
CREATE INDEX "label_tag_events_parent_idx" ON "label_tag_events" USING btree ("tenant_id","parent_id") WHERE "parent_id" <> '';--> statement-breakpoint
-- The lookup of 0042 (its reasons hold), returning the new columns too.
DROP FUNCTION label_tag_event_lookup(bigint, text, timestamptz, boolean, integer, boolean);--> statement-breakpoint
CREATE FUNCTION label_tag_event_lookup(p_tenant bigint, p_epc text, p_since timestamptz, p_newest boolean, p_limit integer, p_full boolean)
RETURNS TABLE (o_id bigint, o_created_at timestamptz, o_zone text, o_record_time timestamptz, o_action text, o_biz_step text,
  o_disposition text, o_read_point text, o_biz_location text, o_biz_transactions jsonb, o_epcs text[], o_epc_count integer,
  o_order_id bigint, o_order_code text, o_username text, o_source text, o_location_id bigint,
  o_event_type text, o_event_id text, o_parent_id text, o_quantities jsonb, o_sources jsonb, o_destinations jsonb,
  o_error_declaration jsonb)
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
    IF v_gone IS NOT NULL THEN
      SELECT min(e.record_time) INTO v_gone FROM label_tag_events e
      WHERE e.tenant_id = p_tenant AND e.order_id = v_order AND cardinality(e.epcs) = 0 AND e.action = 'DELETE' AND e.record_time >= v_gone;
    END IF;
  END IF;
  RETURN QUERY
  SELECT h.id, h.created_at, h.event_time_zone_offset, h.record_time, h.action, h.biz_step, h.disposition, h.read_point,
    h.biz_location, h.biz_transactions, CASE WHEN p_full THEN h.epcs END, h.epc_count, h.order_id, h.order_code, h.username, h.source,
    h.location_id, h.event_type, h.event_id, h.parent_id, h.quantities, h.sources, h.destinations, h.error_declaration
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
