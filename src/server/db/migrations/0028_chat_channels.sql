-- Slack and Microsoft Teams channels of alert rules (issue 28 item 2): the rule keeps its incoming-webhook addresses
-- and the secret its messages are signed with; a chat delivery is its own outbox row (address, body, status, attempts).
ALTER TABLE "alert_deliveries" ADD COLUMN "target" text;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "payload" text;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "slack_url" text;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "teams_url" text;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "chat_secret" text;--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';