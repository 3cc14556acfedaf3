-- A count's refresh writes its EPCs aside, a statement at a time, as the next generation, and swaps
-- it in at the end (stock_count_gens.epc_gen): nobody sees half a refresh, and no transaction holds
-- the embedded database for a whole 30,000-EPC count.
ALTER TABLE "stock_count_epcs" ADD COLUMN "gen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_count_epcs" DROP CONSTRAINT "stock_count_epcs_pk";--> statement-breakpoint
ALTER TABLE "stock_count_epcs" ADD CONSTRAINT "stock_count_epcs_pk" PRIMARY KEY("tenant_id","count_id","gen","epc");--> statement-breakpoint
CREATE TABLE "stock_count_gens" (
	"tenant_id" bigint NOT NULL,
	"count_id" bigint NOT NULL,
	"epc_gen" integer DEFAULT 0 NOT NULL,
	"last_gen" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_count_gens_pk" PRIMARY KEY("tenant_id","count_id")
);--> statement-breakpoint
ALTER TABLE "stock_count_gens" ADD CONSTRAINT "stock_count_gens_count_fk" FOREIGN KEY ("tenant_id","count_id") REFERENCES "public"."stock_counts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
