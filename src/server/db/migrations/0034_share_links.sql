-- Read-only share links to one shipment (issue 29 item 10): the token kept as its hash, an expiry, a revocation,
-- the documents the page may offer, and who made and who revoked each.
CREATE TABLE "shipment_share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"token_hint" text NOT NULL,
	"show_map" boolean DEFAULT true NOT NULL,
	"document_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by_name" text,
	CONSTRAINT "shipment_share_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "shipment_share_links" ADD CONSTRAINT "shipment_share_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_share_links" ADD CONSTRAINT "shipment_share_links_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_share_links_shipment_idx" ON "shipment_share_links" USING btree ("account_id","shipment_id","created_at" DESC NULLS LAST);