-- A count's ERP stock and workflow record (../shared/operations.md E9, issue 30): the ERP stock the
-- count is compared with (the site's latest taken by the count's snapshot, then by its end; its
-- approval of a whole site makes a difference list of it), and the count's workflow records in
-- Nedap's shape (cycle_count_started at the snapshot, cycle_count_finished at approval with the EPC
-- count and the EPCIS event IDs of its lifecycle events).
ALTER TABLE "stock_counts" ADD COLUMN "erp_stock_id" integer;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_erp_stock_id_range" CHECK ("stock_counts"."erp_stock_id" >= 1 and "stock_counts"."erp_stock_id" <= 999999999);--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_erp_stock_fk" FOREIGN KEY ("tenant_id","erp_stock_id") REFERENCES "public"."erp_stocks"("tenant_id","id") ON DELETE SET NULL ("erp_stock_id") ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "stock_count_workflow" (
	"tenant_id" bigint NOT NULL,
	"count_id" bigint NOT NULL,
	"seq" smallint NOT NULL,
	"type" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"location" text NOT NULL,
	"epc_count" integer,
	"event_ids" text[] DEFAULT '{}' NOT NULL,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_count_workflow_pk" PRIMARY KEY("tenant_id","count_id","seq"),
	CONSTRAINT "stock_count_workflow_type_check" CHECK ("type" in ('cycle_count_started', 'cycle_count_finished') AND ("epc_count" IS NULL OR "epc_count" >= 0))
);--> statement-breakpoint
ALTER TABLE "stock_count_workflow" ADD CONSTRAINT "stock_count_workflow_count_fk" FOREIGN KEY ("tenant_id","count_id") REFERENCES "public"."stock_counts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
