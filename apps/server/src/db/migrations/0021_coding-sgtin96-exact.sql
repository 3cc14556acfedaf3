-- Coding rules (issue 12): the seeded rules of an existing installation, made exact, where nobody
-- edited them. CR-SGTIN96 becomes GS1 SGTIN-96 exactly (filter and partition value types, company
-- prefix + item reference from the SKU's GTIN with a 7-digit company prefix); CR-TENANT96 gets a
-- goods-code domain of 44 bits (every GTIN fits). Same rows as a fresh installation seeds.
UPDATE "template_coding_rules"
SET "company_prefix_length" = 7,
    "sample" = '3035A537C800004000000001',
    "domains" = '[{"name":"header","alias":"Header","length":8,"startIndex":0,"endIndex":7,"valueType":1,"base":16,"defaultValue":"30","startValue":"","padding":1},{"name":"filter","alias":"Filter","length":3,"startIndex":8,"endIndex":10,"valueType":9,"base":10,"defaultValue":"1","startValue":"","padding":1},{"name":"partition","alias":"Partition","length":3,"startIndex":11,"endIndex":13,"valueType":8,"base":10,"defaultValue":"","startValue":"","padding":1},{"name":"companyItem","alias":"Company prefix + item reference","length":44,"startIndex":14,"endIndex":57,"valueType":7,"base":10,"defaultValue":"6901234000016","startValue":"","padding":1},{"name":"serial","alias":"Serial","length":38,"startIndex":58,"endIndex":95,"valueType":2,"base":10,"defaultValue":"","startValue":"1","padding":1}]'::jsonb,
    "updated_at" = now()
WHERE "code" = 'CR-SGTIN96'
  AND jsonb_array_length("domains") = 5
  AND "domains" -> 3 ->> 'valueType' = '3'
  AND "domains" -> 3 ->> 'defaultValue' = '643974325561';
--> statement-breakpoint
UPDATE "template_coding_rules"
SET "sample" = 'E20010A0AE8F634100000001',
    "domains" = '[{"name":"header","alias":"Header","length":8,"startIndex":0,"endIndex":7,"valueType":1,"base":16,"defaultValue":"E2","startValue":"","padding":1},{"name":"tenant","alias":"Tenant code","length":12,"startIndex":8,"endIndex":19,"valueType":4,"base":16,"defaultValue":"001","startValue":"","padding":1},{"name":"goods","alias":"Goods code","length":44,"startIndex":20,"endIndex":63,"valueType":3,"base":10,"defaultValue":"6901234000016","startValue":"","padding":1},{"name":"date","alias":"Production date (days)","length":16,"startIndex":64,"endIndex":79,"valueType":5,"base":10,"defaultValue":"","startValue":"","padding":1},{"name":"serial","alias":"Serial","length":16,"startIndex":80,"endIndex":95,"valueType":2,"base":10,"defaultValue":"","startValue":"1","padding":1}]'::jsonb,
    "updated_at" = now()
WHERE "code" = 'CR-TENANT96'
  AND jsonb_array_length("domains") = 5
  AND "domains" -> 2 ->> 'length' = '40'
  AND "domains" -> 2 ->> 'valueType' = '3';
