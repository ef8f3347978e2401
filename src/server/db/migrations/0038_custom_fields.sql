-- Custom fields (issue 31 item 1): the fields an account defines for its shipments, containers and tracking
-- requests, the options of its enum fields, and the values set on its records. Values keep typed copies (text,
-- number, time) indexed per definition, so that a list of 100,000 shipments can later be filtered or sorted by one
-- field by reading that field's index range; a trigram index serves substring search of short texts.
CREATE TABLE "custom_field_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"api_slug" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text,
	"data_type" text NOT NULL,
	"reference_type" text,
	"validation" jsonb,
	"default_format" text,
	"default_value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_field_definitions_account_id_key" UNIQUE("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "custom_field_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_field_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"value" jsonb NOT NULL,
	"text_value" text,
	"number_value" double precision,
	"time_value" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_field_definitions" ADD CONSTRAINT "custom_field_definitions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_options" ADD CONSTRAINT "custom_field_options_definition_fk" FOREIGN KEY ("account_id","definition_id") REFERENCES "public"."custom_field_definitions"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_definition_fk" FOREIGN KEY ("account_id","definition_id") REFERENCES "public"."custom_field_definitions"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_field_definitions_slug_idx" ON "custom_field_definitions" USING btree ("account_id","entity_type","api_slug");--> statement-breakpoint
CREATE INDEX "custom_field_definitions_account_created_idx" ON "custom_field_definitions" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_field_options_value_idx" ON "custom_field_options" USING btree ("definition_id","value");--> statement-breakpoint
CREATE INDEX "custom_field_options_position_idx" ON "custom_field_options" USING btree ("definition_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_field_values_entity_definition_idx" ON "custom_field_values" USING btree ("account_id","definition_id","entity_id");--> statement-breakpoint
CREATE INDEX "custom_field_values_entity_idx" ON "custom_field_values" USING btree ("account_id","entity_id");--> statement-breakpoint
CREATE INDEX "custom_field_values_account_created_idx" ON "custom_field_values" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "custom_field_values_text_idx" ON "custom_field_values" USING btree ("definition_id","text_value","entity_id") WHERE "custom_field_values"."text_value" is not null;--> statement-breakpoint
CREATE INDEX "custom_field_values_number_idx" ON "custom_field_values" USING btree ("definition_id","number_value","entity_id") WHERE "custom_field_values"."number_value" is not null;--> statement-breakpoint
CREATE INDEX "custom_field_values_time_idx" ON "custom_field_values" USING btree ("definition_id","time_value","entity_id") WHERE "custom_field_values"."time_value" is not null;--> statement-breakpoint
CREATE INDEX "custom_field_values_text_trgm_idx" ON "custom_field_values" USING gin ("text_value" gin_trgm_ops);