CREATE TABLE "account_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" uuid NOT NULL,
	"shipment_id" uuid,
	"container_id" uuid,
	"changes" jsonb,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tracking_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_type" text NOT NULL,
	"request_number" text NOT NULL,
	"normalized_number" text NOT NULL,
	"scac" text NOT NULL,
	"ref_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failed_reason" text,
	"is_retrying" boolean DEFAULT false NOT NULL,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"shipment_id" uuid,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vessel_positions" (
	"vessel_id" uuid NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"speed_knots" double precision,
	"heading_degrees" double precision,
	CONSTRAINT "vessel_positions_vessel_id_timestamp_pk" PRIMARY KEY("vessel_id","timestamp")
);
--> statement-breakpoint
ALTER TABLE "raw_events" ADD COLUMN "carrier_key" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "tracking_request_type" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "tracking_request_number" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "tracking_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "next_refresh_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "refresh_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transport_events" ADD COLUMN "carrier_key" text;--> statement-breakpoint
ALTER TABLE "account_events" ADD CONSTRAINT "account_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_requests" ADD CONSTRAINT "tracking_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_requests" ADD CONSTRAINT "tracking_requests_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vessel_positions" ADD CONSTRAINT "vessel_positions_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_events_account_created_idx" ON "account_events" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "account_events_undispatched_idx" ON "account_events" USING btree ("created_at") WHERE dispatched_at is null;--> statement-breakpoint
CREATE INDEX "tracking_requests_account_created_idx" ON "tracking_requests" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tracking_requests_account_number_idx" ON "tracking_requests" USING btree ("account_id","normalized_number","scac");--> statement-breakpoint
CREATE INDEX "tracking_requests_next_attempt_idx" ON "tracking_requests" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "containers_shipment_number_idx" ON "containers" USING btree ("shipment_id","number");--> statement-breakpoint
CREATE INDEX "shipments_next_refresh_idx" ON "shipments" USING btree ("next_refresh_at");