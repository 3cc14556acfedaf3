-- The lifecycle lookup's query (0034) planned once a session, not on every call: left to choose,
-- PostgreSQL's plan cache keeps re-planning it for each EPC (a plan over every monthly partition of
-- label_tag_events, twice: ~1 ms a lookup), because a fresh plan looks cheaper than the reusable
-- one. The reusable (generic) plan probes each partition's GIN index on epcs and, for the label
-- order's whole-order events, its (tenant_id, order_id, created_at) b-tree: ~0.3 ms.
ALTER FUNCTION label_tag_event_lookup(bigint, text, timestamptz, boolean, integer, boolean) SET plan_cache_mode = force_generic_plan;
