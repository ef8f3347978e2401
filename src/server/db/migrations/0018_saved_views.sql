-- Saved views kept by the account (GET/POST/PATCH/DELETE /v2/saved_views), no longer in each browser's storage:
-- a list's address search under a name. One name per list and account whatever its case, which is also the order
-- the views are listed in (list, then name).
CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"list" text NOT NULL,
	"search" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_account_list_name_idx" ON "saved_views" USING btree ("account_id","list",lower("name"));