-- An abnormal label that holds its tag (a foreign EPC, a place conflict: operations.md F7) keeps the
-- tag's status it found, given back when the last such exception of the EPC is cleared (label/tags/service.ts).
ALTER TABLE "label_tag_exceptions" ADD COLUMN "tag_status" smallint;--> statement-breakpoint
ALTER TABLE "label_tag_exceptions" ADD CONSTRAINT "label_tag_exceptions_tag_status_enum" CHECK ("label_tag_exceptions"."tag_status" in (1, 2, 3, 4, 5, 6, 7, 8, 9));
