-- Zones and scene types (issue 29, ../shared/operations.md F1; hand-written). A store or warehouse holds zones —
-- sales floor, stock room, fitting area and cabins, exit; docks, QI area, pack stations, storage,
-- staging, defect and e-commerce areas — rows of the locations table of kind ZONE (5) with their
-- parent (the site or, for a fitting cabin, its area), their type and their site (the nearest store
-- or warehouse above them, kept by the server on every write), so that a site's user reaches its
-- zones and readers bound to them. Existing places get no parent, type or site: they migrate
-- unchanged. All four columns nullable without a default: adding them rewrites no row.
-- Scene types (F2): fitting room 4, tunnel 5, handheld 6 and EAS exit 7 join general, gate and
-- point of sale (packages/domain/src/rfid/presence.ts decides their presence).
ALTER TABLE "rfid_scenes" DROP CONSTRAINT "rfid_scenes_scene_type_enum";--> statement-breakpoint
ALTER TABLE "rfid_scenes" ADD CONSTRAINT "rfid_scenes_scene_type_enum" CHECK ("rfid_scenes"."scene_type" in (1, 2, 3, 4, 5, 6, 7));--> statement-breakpoint
ALTER TABLE "locations" DROP CONSTRAINT "locations_kind_enum";--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_kind_enum" CHECK ("locations"."kind" in (1, 2, 3, 4, 5, 9));--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "parent_id" bigint;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "zone_type" smallint;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "site_id" bigint;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_parent_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_site_id_fk" FOREIGN KEY ("tenant_id","site_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_capacity_range" CHECK ("locations"."capacity" >= 0 and "locations"."capacity" <= 10000000);--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_zone_type_enum" CHECK ("locations"."zone_type" in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13));--> statement-breakpoint
CREATE INDEX "locations_parent_id_ref_idx" ON "locations" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "locations_site_id_ref_idx" ON "locations" USING btree ("tenant_id","site_id");
