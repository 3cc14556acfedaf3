-- The fitting rooms' rollups without the store (fr_sku_period: a day's and an ISO week's per SKU; fr_tenant_hourly) and without the hour (fr_store_daily): the whole tenant's reports read them. Filled from the rollups already written.
CREATE TABLE "fr_sku_period" (
	"tenant_id" bigint NOT NULL,
	"grain" smallint NOT NULL,
	"day" date NOT NULL,
	"sku_id" bigint NOT NULL,
	"style_id" bigint NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"bought" integer DEFAULT 0 NOT NULL,
	"swapped" integer DEFAULT 0 NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"dwell_sum_s" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fr_sku_period_tenant_id_grain_day_sku_id_pk" PRIMARY KEY("tenant_id","grain","day","sku_id")
);
--> statement-breakpoint
CREATE TABLE "fr_store_daily" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"store_id" bigint NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"sessions_bought" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"bought" integer DEFAULT 0 NOT NULL,
	"swapped" integer DEFAULT 0 NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"dwell_sum_s" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fr_store_daily_tenant_id_day_store_id_pk" PRIMARY KEY("tenant_id","day","store_id")
);
--> statement-breakpoint
CREATE TABLE "fr_tenant_hourly" (
	"tenant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"sessions_bought" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"bought" integer DEFAULT 0 NOT NULL,
	"swapped" integer DEFAULT 0 NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"dwell_sum_s" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fr_tenant_hourly_tenant_id_day_hour_pk" PRIMARY KEY("tenant_id","day","hour")
);
--> statement-breakpoint
INSERT INTO "fr_sku_period" ("tenant_id", "grain", "day", "sku_id", "style_id", "sessions", "items", "tries", "bought", "swapped", "amount", "dwell_sum_s")
SELECT "tenant_id", 1, "day", "sku_id", max("style_id"), sum("sessions"), sum("items"), sum("tries"), sum("bought"), sum("swapped"), sum("amount"), sum("dwell_sum_s")
  FROM "fr_sku_daily" GROUP BY "tenant_id", "day", "sku_id";
--> statement-breakpoint
INSERT INTO "fr_sku_period" ("tenant_id", "grain", "day", "sku_id", "style_id", "sessions", "items", "tries", "bought", "swapped", "amount", "dwell_sum_s")
SELECT "tenant_id", 7, date_trunc('week', "day")::date, "sku_id", max("style_id"), sum("sessions"), sum("items"), sum("tries"), sum("bought"), sum("swapped"), sum("amount"), sum("dwell_sum_s")
  FROM "fr_sku_period" WHERE "grain" = 1 GROUP BY "tenant_id", date_trunc('week', "day")::date, "sku_id";
--> statement-breakpoint
INSERT INTO "fr_store_daily" ("tenant_id", "day", "store_id", "sessions", "sessions_bought", "items", "tries", "bought", "swapped", "amount", "dwell_sum_s")
SELECT "tenant_id", "day", "store_id", sum("sessions"), sum("sessions_bought"), sum("items"), sum("tries"), sum("bought"), sum("swapped"), sum("amount"), sum("dwell_sum_s")
  FROM "fr_store_hourly" GROUP BY "tenant_id", "day", "store_id";
--> statement-breakpoint
INSERT INTO "fr_tenant_hourly" ("tenant_id", "day", "hour", "sessions", "sessions_bought", "items", "tries", "bought", "swapped", "amount", "dwell_sum_s")
SELECT "tenant_id", "day", "hour", sum("sessions"), sum("sessions_bought"), sum("items"), sum("tries"), sum("bought"), sum("swapped"), sum("amount"), sum("dwell_sum_s")
  FROM "fr_store_hourly" GROUP BY "tenant_id", "day", "hour";
