CREATE TABLE "webhook_notification_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"status_code" integer,
	"duration_ms" integer,
	"error" text,
	"response_head" text
);
--> statement-breakpoint
CREATE TABLE "webhook_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "webhook_notifications_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"webhook_id" uuid NOT NULL,
	"account_event_id" uuid,
	"event" text NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" uuid NOT NULL,
	"container_id" uuid,
	"test" boolean DEFAULT false NOT NULL,
	"delivery_status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"attempt_limit" integer DEFAULT 12 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"url" text NOT NULL,
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_notification_logs" ADD CONSTRAINT "webhook_notification_logs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_notification_logs" ADD CONSTRAINT "webhook_notification_logs_notification_id_webhook_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."webhook_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_notifications" ADD CONSTRAINT "webhook_notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_notifications" ADD CONSTRAINT "webhook_notifications_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_notifications" ADD CONSTRAINT "webhook_notifications_account_event_id_account_events_id_fk" FOREIGN KEY ("account_event_id") REFERENCES "public"."account_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_notification_logs_attempt_idx" ON "webhook_notification_logs" USING btree ("notification_id","attempt");--> statement-breakpoint
CREATE INDEX "webhook_notifications_account_created_idx" ON "webhook_notifications" USING btree ("account_id","created_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_notifications_webhook_idx" ON "webhook_notifications" USING btree ("webhook_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_notifications_webhook_event_idx" ON "webhook_notifications" USING btree ("webhook_id","account_event_id");--> statement-breakpoint
CREATE INDEX "webhook_notifications_due_idx" ON "webhook_notifications" USING btree ("next_attempt_at") WHERE delivery_status = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_notifications_pending_order_idx" ON "webhook_notifications" USING btree ("webhook_id","container_id","seq") WHERE delivery_status = 'pending';--> statement-breakpoint
CREATE INDEX "webhooks_account_created_idx" ON "webhooks" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);