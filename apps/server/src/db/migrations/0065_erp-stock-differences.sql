-- ERP stock and difference lists (../shared/operations.md §9 "Three numbers", "Difference list"):
-- erp_stocks (+ lines), what the retailer's ERP says a site holds per SKU, one per (site, extern_ref);
-- stock_difference_lists (+ lines), a site's ERP stock against its RFID stock SKU by SKU, approved and
-- exported to the ERP as its adjustment.
CREATE TABLE "erp_stocks" (
	"tenant_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"site_id" bigint NOT NULL,
	"extern_ref" text NOT NULL,
	"stock_time" timestamp with time zone NOT NULL,
	"source" smallint NOT NULL,
	"sku_count" integer DEFAULT 0 NOT NULL,
	"total_qty" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erp_stocks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);--> statement-breakpoint
CREATE TABLE "erp_stock_lines" (
	"tenant_id" bigint NOT NULL,
	"erp_stock_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"gtin" text DEFAULT '' NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "erp_stock_lines_tenant_id_erp_stock_id_sku_id_pk" PRIMARY KEY("tenant_id","erp_stock_id","sku_id"),
	CONSTRAINT "erp_stock_lines_qty_check" CHECK ("qty" >= 0)
);--> statement-breakpoint
CREATE TABLE "stock_difference_lists" (
	"tenant_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"code" text NOT NULL,
	"site_id" bigint NOT NULL,
	"erp_stock_id" bigint NOT NULL,
	"source" smallint DEFAULT 1 NOT NULL,
	"count_id" bigint,
	"only_differences" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sku_count" integer DEFAULT 0 NOT NULL,
	"plus_qty" integer DEFAULT 0 NOT NULL,
	"minus_qty" integer DEFAULT 0 NOT NULL,
	"abs_qty" integer DEFAULT 0 NOT NULL,
	"ignored_skus" integer DEFAULT 0 NOT NULL,
	"diff_value" numeric(14, 2) DEFAULT 0 NOT NULL,
	"abs_value" numeric(14, 2) DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"erp_total" integer DEFAULT 0 NOT NULL,
	"rfid_total" integer DEFAULT 0 NOT NULL,
	"compared_skus" integer DEFAULT 0 NOT NULL,
	"exact_skus" integer DEFAULT 0 NOT NULL,
	"accuracy_smape" numeric(7, 6) DEFAULT 1 NOT NULL,
	"accuracy_sku" numeric(7, 6) DEFAULT 1 NOT NULL,
	"rfid_at" timestamp with time zone NOT NULL,
	"approved_by" bigint,
	"approved_at" timestamp with time zone,
	"export_job_id" text,
	"export_file_id" bigint,
	"exported_at" timestamp with time zone,
	"export_message" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_difference_lists_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "stock_difference_lists_status_check" CHECK ("status" in (1, 2, 3, 4, 5)),
	CONSTRAINT "stock_difference_lists_source_check" CHECK ("source" in (1, 2))
);--> statement-breakpoint
CREATE TABLE "stock_difference_lines" (
	"tenant_id" bigint NOT NULL,
	"list_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"erp_qty" integer NOT NULL,
	"rfid_qty" integer NOT NULL,
	"diff_qty" integer NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"value" numeric(14, 2) DEFAULT 0 NOT NULL,
	"ignored" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_difference_lines_tenant_id_list_id_sku_id_pk" PRIMARY KEY("tenant_id","list_id","sku_id")
);--> statement-breakpoint
ALTER TABLE "erp_stocks" ADD CONSTRAINT "erp_stocks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stocks" ADD CONSTRAINT "erp_stocks_site_id_fk" FOREIGN KEY ("tenant_id","site_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stock_lines" ADD CONSTRAINT "erp_stock_lines_stock_fk" FOREIGN KEY ("tenant_id","erp_stock_id") REFERENCES "public"."erp_stocks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stock_lines" ADD CONSTRAINT "erp_stock_lines_sku_id_fk" FOREIGN KEY ("tenant_id","sku_id") REFERENCES "public"."goods_skus"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_difference_lists" ADD CONSTRAINT "stock_difference_lists_site_id_fk" FOREIGN KEY ("tenant_id","site_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_difference_lists" ADD CONSTRAINT "stock_difference_lists_erp_stock_fk" FOREIGN KEY ("tenant_id","erp_stock_id") REFERENCES "public"."erp_stocks"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_difference_lines" ADD CONSTRAINT "stock_difference_lines_list_fk" FOREIGN KEY ("tenant_id","list_id") REFERENCES "public"."stock_difference_lists"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_difference_lines" ADD CONSTRAINT "stock_difference_lines_sku_id_fk" FOREIGN KEY ("tenant_id","sku_id") REFERENCES "public"."goods_skus"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erp_stocks_site_ref_uq" ON "erp_stocks" USING btree ("tenant_id","site_id","extern_ref");--> statement-breakpoint
CREATE INDEX "erp_stocks_site_time_idx" ON "erp_stocks" USING btree ("tenant_id","site_id","stock_time");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_difference_lists_code_uq" ON "stock_difference_lists" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "stock_difference_lists_site_idx" ON "stock_difference_lists" USING btree ("tenant_id","site_id","created_at");
