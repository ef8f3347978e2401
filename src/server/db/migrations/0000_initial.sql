CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"suspended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "containers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text NOT NULL,
	"seal_number" text,
	"ref_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"weight_in_lbs" integer,
	"equipment_type" text,
	"equipment_length" integer,
	"equipment_height" text,
	"current_status" text DEFAULT 'new' NOT NULL,
	"availability_known" boolean DEFAULT false NOT NULL,
	"available_for_pickup" boolean,
	"pod_terminal_id" uuid,
	"pickup_facility_id" uuid,
	"pod_arrived_at" timestamp with time zone,
	"pod_discharged_at" timestamp with time zone,
	"pod_full_out_at" timestamp with time zone,
	"final_destination_full_out_at" timestamp with time zone,
	"empty_terminated_at" timestamp with time zone,
	"terminal_checked_at" timestamp with time zone,
	"pod_last_tracking_request_at" timestamp with time zone,
	"shipment_last_tracking_request_at" timestamp with time zone,
	"pickup_appointment_at" timestamp with time zone,
	"pod_full_out_chassis_number" text,
	"location_at_pod_terminal" text,
	"holds_at_pod_terminal" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fees_at_pod_terminal" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pod_rail_carrier_scac" text,
	"ind_rail_carrier_scac" text,
	"pod_rail_loaded_at" timestamp with time zone,
	"pod_rail_departed_at" timestamp with time zone,
	"ind_eta_at" timestamp with time zone,
	"ind_ata_at" timestamp with time zone,
	"ind_rail_unloaded_at" timestamp with time zone,
	"ind_facility_lfd_on" timestamp with time zone,
	"pickup_lfd_terminal" timestamp with time zone,
	"pickup_lfd_rail" timestamp with time zone,
	"pickup_lfd_line" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"locode" text NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"country_code" text NOT NULL,
	"state_abbr" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" text NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "ports_locode_unique" UNIQUE("locode")
);
--> statement-breakpoint
CREATE TABLE "raw_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"container_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"index" integer NOT NULL,
	"original_event" text NOT NULL,
	"timestamp" timestamp with time zone,
	"estimated" boolean NOT NULL,
	"voyage_number" text,
	"location_id" uuid,
	"location_name" text,
	"vessel_id" uuid
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bill_of_lading_number" text NOT NULL,
	"normalized_number" text NOT NULL,
	"ref_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"shipping_line_id" uuid NOT NULL,
	"customer_name" text,
	"port_of_lading_id" uuid,
	"port_of_discharge_id" uuid,
	"destination_id" uuid,
	"pod_terminal_id" uuid,
	"destination_terminal_id" uuid,
	"pod_vessel_id" uuid,
	"pod_voyage_number" text,
	"pol_etd_at" timestamp with time zone,
	"pol_atd_at" timestamp with time zone,
	"pod_eta_at" timestamp with time zone,
	"pod_original_eta_at" timestamp with time zone,
	"pod_ata_at" timestamp with time zone,
	"destination_eta_at" timestamp with time zone,
	"destination_ata_at" timestamp with time zone,
	"line_tracking_last_attempted_at" timestamp with time zone,
	"line_tracking_last_succeeded_at" timestamp with time zone,
	"line_tracking_stopped_at" timestamp with time zone,
	"line_tracking_stopped_reason" text,
	"line_tracking_stopped_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "shipping_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scac" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"bol_prefix" text,
	"alternative_scacs" text[] DEFAULT '{}'::text[] NOT NULL,
	"bill_of_lading_tracking_support" boolean NOT NULL,
	"booking_number_tracking_support" boolean NOT NULL,
	"container_number_tracking_support" boolean NOT NULL,
	CONSTRAINT "shipping_lines_scac_unique" UNIQUE("scac")
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"port_id" uuid NOT NULL,
	"name" text NOT NULL,
	"nickname" text,
	"firms_code" text,
	"smdg_code" text,
	"bic_facility_code" text,
	"street" text,
	"city" text,
	"state" text,
	"state_abbr" text,
	"zip" text,
	"country" text
);
--> statement-breakpoint
CREATE TABLE "transport_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"container_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"timestamp" timestamp with time zone,
	"voyage_number" text,
	"location_id" uuid,
	"terminal_id" uuid,
	"vessel_id" uuid,
	"data_source" text DEFAULT 'shipping_line' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "vessels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"imo" text,
	"mmsi" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"nautical_speed_knots" double precision,
	"navigational_heading_degrees" double precision,
	"position_timestamp" timestamp with time zone,
	CONSTRAINT "vessels_imo_unique" UNIQUE("imo")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_pod_terminal_id_terminals_id_fk" FOREIGN KEY ("pod_terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_pickup_facility_id_terminals_id_fk" FOREIGN KEY ("pickup_facility_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_events" ADD CONSTRAINT "raw_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_events" ADD CONSTRAINT "raw_events_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_events" ADD CONSTRAINT "raw_events_location_id_ports_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_events" ADD CONSTRAINT "raw_events_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_shipping_line_id_shipping_lines_id_fk" FOREIGN KEY ("shipping_line_id") REFERENCES "public"."shipping_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_port_of_lading_id_ports_id_fk" FOREIGN KEY ("port_of_lading_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_port_of_discharge_id_ports_id_fk" FOREIGN KEY ("port_of_discharge_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_destination_id_ports_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_pod_terminal_id_terminals_id_fk" FOREIGN KEY ("pod_terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_destination_terminal_id_terminals_id_fk" FOREIGN KEY ("destination_terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_pod_vessel_id_vessels_id_fk" FOREIGN KEY ("pod_vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_line_tracking_stopped_by_user_id_users_id_fk" FOREIGN KEY ("line_tracking_stopped_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_port_id_ports_id_fk" FOREIGN KEY ("port_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_events" ADD CONSTRAINT "transport_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_events" ADD CONSTRAINT "transport_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_events" ADD CONSTRAINT "transport_events_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_events" ADD CONSTRAINT "transport_events_location_id_ports_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_events" ADD CONSTRAINT "transport_events_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_events" ADD CONSTRAINT "transport_events_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "containers_account_created_idx" ON "containers" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "containers_shipment_idx" ON "containers" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "containers_account_number_idx" ON "containers" USING btree ("account_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "raw_events_container_index_idx" ON "raw_events" USING btree ("container_id","index");--> statement-breakpoint
CREATE INDEX "shipments_account_created_idx" ON "shipments" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_account_number_idx" ON "shipments" USING btree ("account_id","normalized_number");--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_port_name_idx" ON "terminals" USING btree ("port_id","name","nickname");--> statement-breakpoint
CREATE INDEX "transport_events_container_idx" ON "transport_events" USING btree ("container_id","timestamp");