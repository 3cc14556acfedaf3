-- 1. The events naming an EPC query's keys (GET /api/epcis/events?MATCH_epc|MATCH_anyEPC|MATCH_parentID,
-- modules/label/epcis/query.ts): as a member (the GIN index on epcs), as the parent (the parent
-- b-tree) or as a whole-order event of the tags' label orders (no EPC list). Its statement is planned
-- once per connection (a generic plan), not at each call: planning it over every month of the
-- lifecycle's retention (about 30 partitions, three indexes each) was most of a query's time, about
-- 3 of 10 ms, the scans themselves well under 1 ms. An empty array asks nothing of its index.
-- tenant_id + 0: the tenant's b-trees are no alternative to the GIN index for the planner.
CREATE OR REPLACE FUNCTION epcis_epc_hits(p_tenant bigint, p_keys text[], p_parents text[], p_orders bigint[])
RETURNS TABLE (hit_at timestamptz, hit_id bigint)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
  SELECT x.created_at, x.id FROM label_tag_events x
   WHERE x.tenant_id + 0 = p_tenant
     AND (x.epcs && p_keys
          OR (x.tenant_id = p_tenant AND x.parent_id <> '' AND x.parent_id = ANY (p_parents))
          OR (x.tenant_id = p_tenant AND x.order_id = ANY (p_orders) AND cardinality(x.epcs) = 0));
END $$;
--> statement-breakpoint
-- 2. Events in record-time order, from a point on: what a subscription reads at each delivery (its
-- cursor) and what a partner's incremental pull asks (GE_recordTime). Without it each delivery read
-- the tenant's whole history: 3 s a query over 10 million events, once for each subscriber.
CREATE INDEX "label_tag_events_record_idx" ON "label_tag_events" USING btree ("tenant_id","record_time","id");
