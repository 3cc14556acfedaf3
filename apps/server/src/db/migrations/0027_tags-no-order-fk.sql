ALTER TABLE "label_tags" DROP CONSTRAINT "label_tags_order_id_fk";
