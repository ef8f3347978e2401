-- Morning summaries (issue 28 item 3): each membership keeps its person's summary settings and when the next is due.
ALTER TABLE "members" ADD COLUMN "summary_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "summary_time" text DEFAULT '07:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "summary_time_zone" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "summary_days" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "summary_next_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "members_summary_due_idx" ON "members" USING btree ("summary_next_at") WHERE summary_next_at is not null;