-- The till (../shared/operations.md §6, E11): pos_transactions, a store's sales, returns and
-- exchanges, and pos_transaction_lines, their lines (a SKU, its EPC when tagged, quantity signed:
-- + sold, − returned, prices). Both partitioned by month on created_at = the transaction's time
-- (PARTITION BY hand-written; partitions created and pruned after 24 months by core/partitions.ts
-- from the feeds store/cashier and store/cashier-lines). pos_txn_keys: one row per (store, txn no.),
-- what makes a post idempotent (a partitioned table cannot hold that unique key without its time).
-- Also the abnormal label kind RETURN_UNSOLD (7): a returned EPC the tenant never sold.
CREATE TABLE "pos_transactions" (
	"tenant_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"txn_no" text NOT NULL,
	"store_id" bigint NOT NULL,
	"store_code" text DEFAULT '' NOT NULL,
	"store_name" text DEFAULT '' NOT NULL,
	"pos_code" text DEFAULT '' NOT NULL,
	"cashier" text DEFAULT '' NOT NULL,
	"kind" smallint NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"eas" smallint DEFAULT 1 NOT NULL,
	"source" smallint DEFAULT 1 NOT NULL,
	"event_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_transactions_tenant_id_created_at_id_pk" PRIMARY KEY("tenant_id","created_at","id"),
	CONSTRAINT "pos_transactions_kind_enum" CHECK ("kind" in (1, 2, 3)),
	CONSTRAINT "pos_transactions_eas_enum" CHECK ("eas" in (1, 2)),
	CONSTRAINT "pos_transactions_source_enum" CHECK ("source" in (1, 2))
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "pos_transaction_lines" (
	"tenant_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"txn_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"sku_id" bigint,
	"sku_code" text DEFAULT '' NOT NULL,
	"epc" text,
	"qty" integer NOT NULL,
	"unit_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"original_txn_no" text DEFAULT '' NOT NULL,
	CONSTRAINT "pos_transaction_lines_tenant_id_created_at_id_pk" PRIMARY KEY("tenant_id","created_at","id")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "pos_txn_keys" (
	"tenant_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"txn_no" text NOT NULL,
	"txn_at" timestamp with time zone NOT NULL,
	"txn_id" bigint NOT NULL,
	CONSTRAINT "pos_txn_keys_tenant_id_store_id_txn_no_pk" PRIMARY KEY("tenant_id","store_id","txn_no")
);--> statement-breakpoint
CREATE INDEX "pos_transactions_store_idx" ON "pos_transactions" USING btree ("tenant_id","store_code","created_at","id");--> statement-breakpoint
CREATE INDEX "pos_transactions_txn_no_prefix_idx" ON "pos_transactions" USING btree ("tenant_id",upper("txn_no") text_pattern_ops,"created_at","id");--> statement-breakpoint
CREATE INDEX "pos_transaction_lines_txn_idx" ON "pos_transaction_lines" USING btree ("tenant_id","txn_id");--> statement-breakpoint
CREATE INDEX "pos_transaction_lines_epc_idx" ON "pos_transaction_lines" USING btree ("tenant_id","epc") WHERE "epc" is not null;--> statement-breakpoint
ALTER TABLE "label_tag_exceptions" DROP CONSTRAINT "label_tag_exceptions_kind_enum";--> statement-breakpoint
ALTER TABLE "label_tag_exceptions" ADD CONSTRAINT "label_tag_exceptions_kind_enum" CHECK ("label_tag_exceptions"."kind" in (1, 2, 3, 4, 5, 6, 7));
