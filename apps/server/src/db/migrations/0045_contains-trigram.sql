-- Contains searches read trigram indexes (issue 28, item 9; the indexes as drizzle-kit writes them
-- from the schema, the extension by hand). A declaration field with search: 'like' is searched
-- with col ILIKE '%v%' (core/like.ts `containing`), which no b-tree answers: over a million rows
-- that read the whole table. Every such text column of a declared table now has a
-- gin (col gin_trgm_ops) index (db/resource-table.ts `searchIndexes`), which answers a pattern
-- of 3 characters or more from the index. pg_trgm is a trusted extension (PostgreSQL 13+: a
-- database owner may create it); PGlite loads it from @electric-sql/pglite/contrib/pg_trgm
-- (db/client.ts PGLITE_EXTENSIONS). Tenant tables too get the index on the column alone (a GIN
-- index cannot lead with tenant_id without btree_gin); the tenant's rows are kept from the bitmap.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "biz_params_module_trgm_idx" ON "biz_params" USING gin ("module" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "biz_params_code_trgm_idx" ON "biz_params" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "biz_params_name_trgm_idx" ON "biz_params" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brands_brand_code_trgm_idx" ON "brands" USING gin ("brand_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brands_brand_name_trgm_idx" ON "brands" USING gin ("brand_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brands_brand_alias_trgm_idx" ON "brands" USING gin ("brand_alias" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "code_tables_code_trgm_idx" ON "code_tables" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "code_tables_name_trgm_idx" ON "code_tables" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "data_sources_name_trgm_idx" ON "data_sources" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "data_sources_address_trgm_idx" ON "data_sources" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "data_sources_user_name_trgm_idx" ON "data_sources" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dictionary_details_num_trgm_idx" ON "dictionary_details" USING gin ("num" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dictionary_details_name_trgm_idx" ON "dictionary_details" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dictionary_modules_code_trgm_idx" ON "dictionary_modules" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dictionary_modules_name_trgm_idx" ON "dictionary_modules" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "equipment_equipment_coding_trgm_idx" ON "equipment" USING gin ("equipment_coding" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "equipment_equipment_name_trgm_idx" ON "equipment" USING gin ("equipment_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "equipment_sn_number_trgm_idx" ON "equipment" USING gin ("sn_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "equipment_scene_trgm_idx" ON "equipment" USING gin ("scene" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "factories_code_trgm_idx" ON "factories" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "factories_name_trgm_idx" ON "factories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "factories_contact_trgm_idx" ON "factories" USING gin ("contact" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "factories_phone_trgm_idx" ON "factories" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "factories_city_trgm_idx" ON "factories" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "label_orders_express_company_trgm_idx" ON "label_orders" USING gin ("express_company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "label_sample_cards_name_trgm_idx" ON "label_sample_cards" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "label_sample_cards_goods_type_trgm_idx" ON "label_sample_cards" USING gin ("goods_type" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "label_sketches_name_trgm_idx" ON "label_sketches" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "label_suppliers_code_trgm_idx" ON "label_suppliers" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "label_suppliers_name_trgm_idx" ON "label_suppliers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "label_suppliers_contact_trgm_idx" ON "label_suppliers" USING gin ("contact" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "label_suppliers_phone_trgm_idx" ON "label_suppliers" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "label_suppliers_city_trgm_idx" ON "label_suppliers" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "label_templates_name_trgm_idx" ON "label_templates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_code_trgm_idx" ON "locations" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_name_trgm_idx" ON "locations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_contact_trgm_idx" ON "locations" USING gin ("contact" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_phone_trgm_idx" ON "locations" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_city_trgm_idx" ON "locations" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "menus_code_trgm_idx" ON "menus" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_params_code_trgm_idx" ON "product_params" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_params_name_trgm_idx" ON "product_params" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_code_trgm_idx" ON "products" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_supplier_trgm_idx" ON "products" USING gin ("supplier" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rfid_scenes_scene_code_trgm_idx" ON "rfid_scenes" USING gin ("scene_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rfid_scenes_scene_name_trgm_idx" ON "rfid_scenes" USING gin ("scene_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_code_trgm_idx" ON "roles" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_name_trgm_idx" ON "roles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "scheduler_tasks_name_trgm_idx" ON "scheduler_tasks" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "scheduler_tasks_task_group_trgm_idx" ON "scheduler_tasks" USING gin ("task_group" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "software_versions_software_name_trgm_idx" ON "software_versions" USING gin ("software_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "software_versions_software_code_trgm_idx" ON "software_versions" USING gin ("software_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "software_versions_project_code_trgm_idx" ON "software_versions" USING gin ("project_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "software_versions_version_name_trgm_idx" ON "software_versions" USING gin ("version_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sys_params_module_trgm_idx" ON "sys_params" USING gin ("module" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sys_params_code_trgm_idx" ON "sys_params" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sys_params_name_trgm_idx" ON "sys_params" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "template_coding_rules_code_trgm_idx" ON "template_coding_rules" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "template_coding_rules_name_trgm_idx" ON "template_coding_rules" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "template_coding_rules_alias_trgm_idx" ON "template_coding_rules" USING gin ("alias" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "template_goods_attrs_code_trgm_idx" ON "template_goods_attrs" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "template_goods_attrs_name_trgm_idx" ON "template_goods_attrs" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "template_goods_attrs_alias_trgm_idx" ON "template_goods_attrs" USING gin ("alias" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "template_label_codes_code_trgm_idx" ON "template_label_codes" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "template_label_codes_name_trgm_idx" ON "template_label_codes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "template_label_codes_alias_trgm_idx" ON "template_label_codes" USING gin ("alias" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "template_location_attrs_code_trgm_idx" ON "template_location_attrs" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "template_location_attrs_name_trgm_idx" ON "template_location_attrs" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "template_location_attrs_alias_trgm_idx" ON "template_location_attrs" USING gin ("alias" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenant_groups_code_trgm_idx" ON "tenant_groups" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenant_groups_name_trgm_idx" ON "tenant_groups" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenant_params_module_trgm_idx" ON "tenant_params" USING gin ("module" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenant_params_code_trgm_idx" ON "tenant_params" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenant_params_name_trgm_idx" ON "tenant_params" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenants_code_trgm_idx" ON "tenants" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenants_name_trgm_idx" ON "tenants" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenants_admin_username_trgm_idx" ON "tenants" USING gin ("admin_username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "training_docs_title_trgm_idx" ON "training_docs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_alias_name_trgm_idx" ON "users" USING gin ("alias_name" gin_trgm_ops);
