-- The stock ledger (../shared/operations.md §9): stock_sku_locations, a site's book stock per SKU
-- (zone 0) and per zone, the last approved count and what documents moved since; fill factor 90 so
-- a movement's update stays HOT. stock_moves: the journal of every movement with its document,
-- partitioned by month on created_at (partitions created and pruned after 24 months by
-- core/partitions.ts from the feed store/stock-moves).
CREATE TABLE "stock_sku_locations" (
	"tenant_id" bigint NOT NULL,
	"site_id" bigint NOT NULL,
	"zone_id" bigint DEFAULT 0 NOT NULL,
	"sku_id" bigint NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"counted_qty" integer DEFAULT 0 NOT NULL,
	"counted_at" timestamp with time zone,
	"received_since" integer DEFAULT 0 NOT NULL,
	"returned_since" integer DEFAULT 0 NOT NULL,
	"sold_since" integer DEFAULT 0 NOT NULL,
	"shipped_since" integer DEFAULT 0 NOT NULL,
	"adjusted_since" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_sku_locations_tenant_id_site_id_zone_id_sku_id_pk" PRIMARY KEY("tenant_id","site_id","zone_id","sku_id")
) WITH (fillfactor = 90);--> statement-breakpoint
CREATE TABLE "stock_moves" (
	"tenant_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" bigint NOT NULL,
	"site_name" text DEFAULT '' NOT NULL,
	"zone_id" bigint DEFAULT 0 NOT NULL,
	"sku_id" bigint NOT NULL,
	"sku_code" text DEFAULT '' NOT NULL,
	"kind" smallint NOT NULL,
	"qty" integer NOT NULL,
	"on_hand" integer NOT NULL,
	"doc_type" text DEFAULT '' NOT NULL,
	"doc_code" text DEFAULT '' NOT NULL,
	CONSTRAINT "stock_moves_tenant_id_created_at_id_pk" PRIMARY KEY("tenant_id","created_at","id")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER TABLE "stock_sku_locations" ADD CONSTRAINT "stock_sku_locations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_sku_locations" ADD CONSTRAINT "stock_sku_locations_site_id_fk" FOREIGN KEY ("tenant_id","site_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_sku_locations" ADD CONSTRAINT "stock_sku_locations_sku_id_fk" FOREIGN KEY ("tenant_id","sku_id") REFERENCES "public"."goods_skus"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_moves_site_sku_idx" ON "stock_moves" USING btree ("tenant_id","site_id","sku_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_moves_sku_code_prefix_idx" ON "stock_moves" USING btree ("tenant_id",upper("sku_code") text_pattern_ops,"created_at","id");--> statement-breakpoint
CREATE INDEX "stock_moves_doc_code_prefix_idx" ON "stock_moves" USING btree ("tenant_id",upper("doc_code") text_pattern_ops,"created_at","id");
