ALTER TABLE "rfid_fold_queue" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rfid_fold_queue" ADD COLUMN "error" text;