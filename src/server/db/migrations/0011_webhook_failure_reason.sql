ALTER TABLE "webhook_notifications" ADD COLUMN "failure_reason" text;--> statement-breakpoint
-- Notifications left pending by a webhook that a 410 Gone deactivated before this migration (a webhook that is
-- inactive and whose receiver answered 410 at its last answered attempt) fail as they would now.
WITH "gone" AS (
  SELECT w."id" FROM "webhooks" w
  WHERE NOT w."active" AND (
    SELECT l."status_code" FROM "webhook_notification_logs" l
    JOIN "webhook_notifications" m ON m."id" = l."notification_id"
    WHERE m."webhook_id" = w."id" AND l."status_code" IS NOT NULL
    ORDER BY l."started_at" DESC LIMIT 1
  ) = 410
)
UPDATE "webhook_notifications" n
SET "delivery_status" = 'failed',
  "failure_reason" = 'not delivered: the webhook was deactivated when its receiver answered 410 Gone',
  "next_attempt_at" = NULL, "lease_until" = NULL, "claim_token" = NULL, "updated_at" = now()
WHERE n."webhook_id" IN (SELECT "id" FROM "gone") AND n."delivery_status" = 'pending' AND NOT n."test";
