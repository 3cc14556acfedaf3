-- A count's goods (../shared/operations.md E9 scope): brands, categories, style numbers it counts
-- (null or each list empty: every SKU of its zones).
ALTER TABLE "stock_counts" ADD COLUMN "scope" jsonb;
