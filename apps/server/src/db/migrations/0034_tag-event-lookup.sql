-- The lifecycle events of one EPC (hand-written; label/tags service epcEvents): its own events and
-- its label order's whole-order events, within the retention, in one call. A function so that the
-- planner setting it needs (sequential scans off: the EPC is found through the GIN index on epcs,
-- never by reading every event's EPC array) holds for its query alone, without a transaction
-- around it, and its plan is kept by the session.
CREATE FUNCTION label_tag_event_lookup(p_tenant bigint, p_epc text, p_since timestamptz, p_newest boolean, p_limit integer, p_full boolean)
RETURNS TABLE (o_id bigint, o_created_at timestamptz, o_zone text, o_record_time timestamptz, o_action text, o_biz_step text,
  o_disposition text, o_read_point text, o_biz_location text, o_biz_transactions jsonb, o_epcs text[], o_epc_count integer,
  o_order_id bigint, o_order_code text, o_username text, o_source text)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
AS $$
DECLARE
  v_order bigint := coalesce(
    (SELECT t.order_id FROM label_tags t WHERE t.tenant_id = p_tenant AND t.epc = p_epc),
    (SELECT w.order_id FROM label_tag_withdrawals w WHERE w.tenant_id = p_tenant AND w.epc = p_epc));
BEGIN
  -- tenant_id + 0 and created_at + 0 s: the (tenant_id, …, created_at) b-trees are no alternative to the GIN index
  RETURN QUERY
  SELECT h.id, h.created_at, h.event_time_zone_offset, h.record_time, h.action, h.biz_step, h.disposition, h.read_point,
    h.biz_location, h.biz_transactions, CASE WHEN p_full THEN h.epcs END, h.epc_count, h.order_id, h.order_code, h.username, h.source
  FROM (
    SELECT e.* FROM label_tag_events e
    WHERE e.tenant_id + 0 = p_tenant AND e.epcs @> ARRAY[p_epc] AND e.created_at + interval '0 seconds' >= p_since
    UNION ALL
    SELECT e.* FROM label_tag_events e
    WHERE v_order IS NOT NULL AND e.tenant_id = p_tenant AND e.order_id = v_order AND cardinality(e.epcs) = 0 AND e.created_at >= p_since
  ) h
  ORDER BY CASE WHEN p_newest THEN h.created_at END DESC, CASE WHEN p_newest THEN h.id END DESC, h.created_at, h.id
  LIMIT p_limit;
END
$$;
