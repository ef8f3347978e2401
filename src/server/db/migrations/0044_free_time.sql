-- Free time and charges (issue 29 item 6): an account's own demurrage and detention tariffs (free days, tiers of
-- per-day rates, currency) per line, narrowed to a port, terminal, box length or type, that override the
-- published ones the service carries as data. Read whole per account, by line.
CREATE TABLE "free_time_tariffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"scac" text NOT NULL,
	"port_locode" text,
	"terminal" text,
	"equipment_length" integer,
	"equipment_type" text,
	"kind" text NOT NULL,
	"counts_from" text NOT NULL,
	"free_days" integer NOT NULL,
	"currency" text NOT NULL,
	"tiers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "free_time_tariffs" ADD CONSTRAINT "free_time_tariffs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "free_time_tariffs_account_scac_idx" ON "free_time_tariffs" USING btree ("account_id","scac");