-- Quiet hours (issue 28 item 4): a person's alert emails wait until they end (held deliveries, due by next_attempt_at).
DROP INDEX "alert_deliveries_due_idx";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "quiet_start" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "quiet_end" text;--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("next_attempt_at") WHERE status in ('pending', 'held');