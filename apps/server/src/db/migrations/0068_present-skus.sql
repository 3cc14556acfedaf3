-- The tags present now per place and SKU (stock_present_skus), kept by the presence tallies of every
-- change of a tag's presence (../shared/operations.md §9: "a per-(zone, SKU) presence counter"): a
-- store's stock by SKU and its refill list read it instead of aggregating every present tag.
CREATE TABLE "stock_present_skus" (
	"tenant_id" bigint NOT NULL,
	"location_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"present" integer DEFAULT 0 NOT NULL,
	"last_read" timestamp with time zone,
	CONSTRAINT "stock_present_skus_tenant_id_location_id_sku_id_pk" PRIMARY KEY("tenant_id","location_id","sku_id")
) WITH (fillfactor = 90);--> statement-breakpoint
ALTER TABLE "stock_present_skus" ADD CONSTRAINT "stock_present_skus_location_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_present_skus" ADD CONSTRAINT "stock_present_skus_sku_id_fk" FOREIGN KEY ("tenant_id","sku_id") REFERENCES "public"."goods_skus"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- what is present now, counted once (an existing database; the tallies keep it from here)
INSERT INTO "stock_present_skus" ("tenant_id", "location_id", "sku_id", "present", "last_read")
SELECT s."tenant_id", s."presence_location_id", t."sku_id", count(*)::int, max(s."presence_seen_at")
  FROM "rfid_epc_states" s
  JOIN "label_tags" t ON t."tenant_id" = s."tenant_id" AND t."epc" = s."epc"
  JOIN "locations" l ON l."tenant_id" = s."tenant_id" AND l."id" = s."presence_location_id"
 WHERE s."presence" = 'present' AND t."sku_id" IS NOT NULL
 GROUP BY s."tenant_id", s."presence_location_id", t."sku_id";
