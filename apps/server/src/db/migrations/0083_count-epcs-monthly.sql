-- A count's EPCs by month (../shared/operations.md §12: 30,000 a store count, 200 stores weekly ≈
-- 6 M rows a week): stock_count_epcs becomes partitioned by range on created_at (when a refresh
-- wrote the row), its months kept 13 months by core/partitions.ts (PARTITIONED_TABLES). The rows
-- there are moved into this month's partition, made here (its name as partitionName makes it).
ALTER TABLE "stock_count_epcs" RENAME TO "stock_count_epcs_old";--> statement-breakpoint
ALTER TABLE "stock_count_epcs_old" RENAME CONSTRAINT "stock_count_epcs_pk" TO "stock_count_epcs_old_pk";--> statement-breakpoint
ALTER TABLE "stock_count_epcs_old" DROP CONSTRAINT "stock_count_epcs_count_fk";--> statement-breakpoint
CREATE TABLE "stock_count_epcs" (
	"tenant_id" bigint NOT NULL,
	"count_id" bigint NOT NULL,
	"epc" text NOT NULL,
	"sku_id" bigint,
	"zone_id" bigint,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"gen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_count_epcs_pk" PRIMARY KEY("tenant_id","count_id","gen","epc","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER TABLE "stock_count_epcs" ADD CONSTRAINT "stock_count_epcs_count_fk" FOREIGN KEY ("tenant_id","count_id") REFERENCES "public"."stock_counts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DO $$
DECLARE
  m timestamptz := date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
BEGIN
  EXECUTE format('CREATE TABLE %I PARTITION OF "stock_count_epcs" FOR VALUES FROM (%L) TO (%L)',
    'stock_count_epcs_p' || to_char(m AT TIME ZONE 'UTC', 'YYYYMM'), m, m + interval '1 month');
END $$;--> statement-breakpoint
INSERT INTO "stock_count_epcs" ("tenant_id", "count_id", "epc", "sku_id", "zone_id", "first_at", "last_at", "source", "gen")
  SELECT "tenant_id", "count_id", "epc", "sku_id", "zone_id", "first_at", "last_at", "source", "gen" FROM "stock_count_epcs_old";--> statement-breakpoint
DROP TABLE "stock_count_epcs_old";
