-- Documents (issue 32): uploaded files kept in the database in chunks of at most 256 KiB (every process reads
-- them), documents with their extraction outcome and representations, the numbers each names (linked to tracked
-- shipments and containers at read time), the extraction jobs the worker claims with a lease, email submissions
-- and each account's inbound email address.
CREATE TABLE "document_blob_chunks" (
	"blob_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "document_blob_chunks_blob_id_seq_pk" PRIMARY KEY("blob_id","seq")
);
--> statement-breakpoint
CREATE TABLE "document_blobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" bigint DEFAULT 0 NOT NULL,
	"checksum" text,
	"status" text DEFAULT 'uploading' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_jobs" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text DEFAULT 'extract' NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_numbers" (
	"account_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"number" text NOT NULL,
	"number_type" text NOT NULL,
	"scac" text,
	CONSTRAINT "document_numbers_document_id_number_pk" PRIMARY KEY("document_id","number")
);
--> statement-breakpoint
CREATE TABLE "document_representations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"schema_version" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"blob_id" uuid NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"user_id" uuid,
	"email_submission_id" uuid,
	"document_type" text DEFAULT 'unclassified' NOT NULL,
	"document_type_manual" text,
	"classification_notes" text,
	"extraction_status" text DEFAULT 'pending' NOT NULL,
	"extraction_failure_reason" text,
	"extracted_at" timestamp with time zone,
	"page_count" integer,
	"rotation" integer DEFAULT 0 NOT NULL,
	"extracted_data_manual" jsonb,
	"last_representation_id" uuid,
	"discarded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text,
	"from_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"to_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"cc_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"sent_at" timestamp with time zone,
	"message_id" text,
	"in_reply_to" text,
	"references" text[] DEFAULT '{}'::text[] NOT NULL,
	"content_type" text,
	"untracked_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_email_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"allowed_sender_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"auto_track_document_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_email_settings_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "document_blob_chunks" ADD CONSTRAINT "document_blob_chunks_blob_id_document_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."document_blobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_blobs" ADD CONSTRAINT "document_blobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_jobs" ADD CONSTRAINT "document_jobs_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_jobs" ADD CONSTRAINT "document_jobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_numbers" ADD CONSTRAINT "document_numbers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_numbers" ADD CONSTRAINT "document_numbers_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_representations" ADD CONSTRAINT "document_representations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_representations" ADD CONSTRAINT "document_representations_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_blob_id_document_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."document_blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_email_submission_id_email_submissions_id_fk" FOREIGN KEY ("email_submission_id") REFERENCES "public"."email_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_submissions" ADD CONSTRAINT "email_submissions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_email_settings" ADD CONSTRAINT "inbound_email_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_blobs_account_idx" ON "document_blobs" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "document_blobs_account_checksum_idx" ON "document_blobs" USING btree ("account_id","checksum");--> statement-breakpoint
CREATE INDEX "document_blobs_uploading_idx" ON "document_blobs" USING btree ("created_at") WHERE status = 'uploading';--> statement-breakpoint
CREATE INDEX "document_jobs_due_idx" ON "document_jobs" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "document_numbers_account_number_idx" ON "document_numbers" USING btree ("account_id","number");--> statement-breakpoint
CREATE INDEX "document_representations_document_idx" ON "document_representations" USING btree ("document_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_account_created_idx" ON "documents" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE discarded_at is null;--> statement-breakpoint
CREATE INDEX "documents_email_submission_idx" ON "documents" USING btree ("email_submission_id");--> statement-breakpoint
CREATE INDEX "documents_name_trgm_idx" ON "documents" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_submissions_account_created_idx" ON "email_submissions" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);