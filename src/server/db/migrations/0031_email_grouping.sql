-- Alert emails grouped (issue 28 item 4): a person's emails within 10 minutes go as one, and an hourly cap counts the rest.
DROP INDEX "alert_deliveries_due_idx";--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "counted_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "alert_deliveries_mailed_idx" ON "alert_deliveries" USING btree ("account_id","user_id","mailed_at") WHERE mailed_at is not null;--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("next_attempt_at") WHERE status in ('pending', 'held', 'grouped');