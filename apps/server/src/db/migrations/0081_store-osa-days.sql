-- A store's on-shelf availability day by day (issue 30: OSA as a KPI per store and week): the hourly
-- samples of each zoned store's floor (store/stock/osa.ts), their count and the sum of their shares.
CREATE TABLE "store_osa_days" (
	"tenant_id" bigint NOT NULL,
	"site_id" bigint NOT NULL,
	"day" date NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	"osa_sum" double precision DEFAULT 0 NOT NULL,
	"options" integer DEFAULT 0 NOT NULL,
	"full" integer DEFAULT 0 NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_osa_days_tenant_id_site_id_day_pk" PRIMARY KEY("tenant_id","site_id","day"),
	CONSTRAINT "store_osa_days_samples_check" CHECK ("samples" >= 0 AND "osa_sum" >= 0 AND "osa_sum" <= "samples" AND "full" <= "options")
);--> statement-breakpoint
ALTER TABLE "store_osa_days" ADD CONSTRAINT "store_osa_days_site_id_fk" FOREIGN KEY ("tenant_id","site_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
