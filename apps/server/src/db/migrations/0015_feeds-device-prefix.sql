DROP INDEX "device_log_device_idx";--> statement-breakpoint
CREATE INDEX "device_log_device_prefix_idx" ON "device_log" USING btree (upper("device_code") text_pattern_ops,"created_at","id");