-- The spot check (../shared/operations.md §7, logistics/spot-check): a carton picked by a rule as it
-- is received (sender reliability, weight deviation, random) for an item-level re-read; the re-read's
-- counts, its result and its review (to check 1, checked 2, passed 3, failed 4); who re-read it and
-- when. A sender whose spot check failed is spot-checked at a raised rate until a date (wms_spot_rates).
ALTER TABLE "wms_cartons" ADD COLUMN "spot_check" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD COLUMN "spot_rule" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD COLUMN "spot_state" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD COLUMN "spot_result" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD COLUMN "spot_expected" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD COLUMN "spot_read" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD COLUMN "spot_short" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD COLUMN "spot_over" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD COLUMN "spot_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD COLUMN "spot_checked_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD CONSTRAINT "wms_cartons_spot_check_enum" CHECK ("wms_cartons"."spot_check" in (1, 0));--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD CONSTRAINT "wms_cartons_spot_rule_enum" CHECK ("wms_cartons"."spot_rule" in (0, 1, 2, 3));--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD CONSTRAINT "wms_cartons_spot_state_enum" CHECK ("wms_cartons"."spot_state" in (0, 1, 2, 3, 4));--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD CONSTRAINT "wms_cartons_spot_result_enum" CHECK ("wms_cartons"."spot_result" in (0, 1, 2, 3, 4));--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD CONSTRAINT "wms_cartons_spot_expected_range" CHECK ("wms_cartons"."spot_expected" >= 0 and "wms_cartons"."spot_expected" <= 999999);--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD CONSTRAINT "wms_cartons_spot_read_range" CHECK ("wms_cartons"."spot_read" >= 0 and "wms_cartons"."spot_read" <= 999999);--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD CONSTRAINT "wms_cartons_spot_short_range" CHECK ("wms_cartons"."spot_short" >= 0 and "wms_cartons"."spot_short" <= 999999);--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD CONSTRAINT "wms_cartons_spot_over_range" CHECK ("wms_cartons"."spot_over" >= 0 and "wms_cartons"."spot_over" <= 999999);--> statement-breakpoint
ALTER TABLE "wms_cartons" ADD CONSTRAINT "wms_cartons_spot_checked_by_len" CHECK (char_length("wms_cartons"."spot_checked_by") <= 64);--> statement-breakpoint
CREATE INDEX "wms_cartons_spot_checked_at_sort_idx" ON "wms_cartons" USING btree ("tenant_id","spot_checked_at","id");--> statement-breakpoint
CREATE INDEX "wms_cartons_spot_state_idx" ON "wms_cartons" USING btree ("tenant_id","spot_state") WHERE "wms_cartons"."spot_check" = 1;--> statement-breakpoint
CREATE TABLE "wms_spot_rates" (
	"tenant_id" bigint NOT NULL,
	"sender_kind" smallint NOT NULL,
	"sender_id" bigint NOT NULL,
	"rate_pct" smallint NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wms_spot_rates_tenant_id_sender_kind_sender_id_pk" PRIMARY KEY("tenant_id","sender_kind","sender_id"),
	CONSTRAINT "wms_spot_rates_sender_kind_enum" CHECK ("wms_spot_rates"."sender_kind" in (1, 2)),
	CONSTRAINT "wms_spot_rates_rate_pct_range" CHECK ("wms_spot_rates"."rate_pct" >= 0 and "wms_spot_rates"."rate_pct" <= 100),
	CONSTRAINT "wms_spot_rates_reason_len" CHECK (char_length("wms_spot_rates"."reason") <= 64)
);--> statement-breakpoint
ALTER TABLE "wms_spot_rates" ADD CONSTRAINT "wms_spot_rates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
