-- Real carriers: an account's DCSA Track & Trace connections (secrets sealed with SECRETS_KEY), our event
-- subscriptions at carriers (push), and the sandbox DCSA publisher's anchors and subscriptions. A raw event's `event`
-- may be null (a carrier code no milestone matches is kept, never dropped); a vessel position names its source.
CREATE TABLE "carrier_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"scac" text NOT NULL,
	"name" text,
	"base_url" text NOT NULL,
	"api_version" text DEFAULT '2.2' NOT NULL,
	"auth_type" text NOT NULL,
	"api_key_header" text,
	"api_key_sealed" text,
	"oauth_token_url" text,
	"oauth_client_id" text,
	"oauth_client_secret_sealed" text,
	"oauth_scope" text,
	"internal" boolean DEFAULT false NOT NULL,
	"push_enabled" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'untested' NOT NULL,
	"status_detail" text,
	"checked_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dcsa_sandbox_anchors" (
	"scac" text NOT NULL,
	"request_type" text NOT NULL,
	"reference" text NOT NULL,
	"anchored_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dcsa_sandbox_anchors_scac_request_type_reference_pk" PRIMARY KEY("scac","request_type","reference")
);
--> statement-breakpoint
CREATE TABLE "dcsa_sandbox_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scac" text NOT NULL,
	"callback_url" text NOT NULL,
	"secret" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notified_through" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dcsa_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"request_type" text NOT NULL,
	"reference" text NOT NULL,
	"carrier_subscription_id" text,
	"secret_sealed" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_detail" text,
	"last_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "raw_events" ALTER COLUMN "event" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "vessel_positions" ADD COLUMN "source" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "carrier_connections" ADD CONSTRAINT "carrier_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcsa_subscriptions" ADD CONSTRAINT "dcsa_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcsa_subscriptions" ADD CONSTRAINT "dcsa_subscriptions_connection_id_carrier_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."carrier_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_connections_account_scac_idx" ON "carrier_connections" USING btree ("account_id","scac");--> statement-breakpoint
CREATE UNIQUE INDEX "dcsa_subscriptions_connection_reference_idx" ON "dcsa_subscriptions" USING btree ("connection_id","request_type","reference");