-- A tenant parameter for the AQL of receiving inspections (warehouse inspections/service.ts QI_AQL):
-- (its value an option's code: 2_5 is AQL 2.5) every existing tenant gets it at ISO 2859-1's usual 2.5 (what inspections were opened with before),
-- as a new tenant's demo seed has it; a tenant that already named one keeps its own.
INSERT INTO "tenant_params" ("tenant_id", "module", "code", "name", "value_type", "value", "options")
SELECT t."id", 'warehouse', 'WMS_QI_AQL', '收货质检 AQL', 5, '2_5',
  '[{"code":"0_065","name":"0.065"},{"code":"0_1","name":"0.1"},{"code":"0_15","name":"0.15"},{"code":"0_25","name":"0.25"},{"code":"0_4","name":"0.4"},{"code":"0_65","name":"0.65"},{"code":"1_0","name":"1.0"},{"code":"1_5","name":"1.5"},{"code":"2_5","name":"2.5"},{"code":"4_0","name":"4.0"},{"code":"6_5","name":"6.5"}]'::jsonb
FROM "tenants" t
WHERE t."id" > 0 AND NOT EXISTS (SELECT 1 FROM "tenant_params" p WHERE p."tenant_id" = t."id" AND p."code" = 'WMS_QI_AQL');
