ALTER TABLE "supply_order_lines" DROP CONSTRAINT "supply_order_lines_quantity_range";--> statement-breakpoint
ALTER TABLE "supply_packing_lines" DROP CONSTRAINT "supply_packing_lines_quantity_range";--> statement-breakpoint
ALTER TABLE "supply_sample_cards" DROP CONSTRAINT "supply_sample_cards_quantity_range";--> statement-breakpoint
ALTER TABLE "supply_order_lines" ADD CONSTRAINT "supply_order_lines_quantity_range" CHECK ("supply_order_lines"."quantity" >= 1 and "supply_order_lines"."quantity" <= 999999999);--> statement-breakpoint
ALTER TABLE "supply_packing_lines" ADD CONSTRAINT "supply_packing_lines_quantity_range" CHECK ("supply_packing_lines"."quantity" >= 1 and "supply_packing_lines"."quantity" <= 999999999);--> statement-breakpoint
ALTER TABLE "supply_sample_cards" ADD CONSTRAINT "supply_sample_cards_quantity_range" CHECK ("supply_sample_cards"."quantity" >= 1 and "supply_sample_cards"."quantity" <= 1000);