-- Container fields a new tracking request was created with (`initial_custom_fields.containers`, the hosted API's),
-- waiting for the shipment it becomes: the engine then sets each on that shipment's container of the number. A
-- request's fields for the shipment itself need no table of their own: they are values on the request
-- (custom_field_values) of a Shipment definition, which the engine's carry-over already copies.
CREATE TABLE "staged_container_fields" (
	"tracking_request_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL,
	"container_number" text NOT NULL,
	"value" jsonb NOT NULL,
	"text_value" text,
	"number_value" double precision,
	"time_value" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staged_container_fields_pk" PRIMARY KEY("tracking_request_id","definition_id","container_number")
);
--> statement-breakpoint
ALTER TABLE "staged_container_fields" ADD CONSTRAINT "staged_container_fields_tracking_request_id_tracking_requests_id_fk" FOREIGN KEY ("tracking_request_id") REFERENCES "public"."tracking_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_container_fields" ADD CONSTRAINT "staged_container_fields_definition_fk" FOREIGN KEY ("account_id","definition_id") REFERENCES "public"."custom_field_definitions"("account_id","id") ON DELETE cascade ON UPDATE no action;