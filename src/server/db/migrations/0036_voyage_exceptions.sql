-- Voyage exceptions (issue 33, item 5): a roll, a missed connection, a vessel swap or a changed port call the tracking
-- engine saw in a line's plan for a box, one row each, never updated.
CREATE TABLE "voyage_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"container_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"location_id" uuid,
	"previous_location_id" uuid,
	"vessel_id" uuid,
	"previous_vessel_id" uuid,
	"voyage_number" text,
	"previous_voyage_number" text,
	"departure_at" timestamp with time zone,
	"previous_departure_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "voyage_exceptions" ADD CONSTRAINT "voyage_exceptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyage_exceptions" ADD CONSTRAINT "voyage_exceptions_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyage_exceptions" ADD CONSTRAINT "voyage_exceptions_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyage_exceptions" ADD CONSTRAINT "voyage_exceptions_location_id_ports_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyage_exceptions" ADD CONSTRAINT "voyage_exceptions_previous_location_id_ports_id_fk" FOREIGN KEY ("previous_location_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyage_exceptions" ADD CONSTRAINT "voyage_exceptions_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyage_exceptions" ADD CONSTRAINT "voyage_exceptions_previous_vessel_id_vessels_id_fk" FOREIGN KEY ("previous_vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voyage_exceptions_container_idx" ON "voyage_exceptions" USING btree ("container_id","detected_at");--> statement-breakpoint
CREATE INDEX "voyage_exceptions_account_detected_idx" ON "voyage_exceptions" USING btree ("account_id","detected_at");