-- Free time and charges (issue 29 item 6): an account's own demurrage and detention tariffs (free days, tiers of
-- per-day rates, currency) per line, narrowed to a port, terminal, box length or type, that override the
-- published ones the service carries as data; read whole per account, by line. And an index of the containers
-- whose demurrage or detention may run (discharged, the empty not yet back), which the free time filters, the
-- charges sort and the summary's money at risk read.
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
CREATE INDEX "free_time_tariffs_account_scac_idx" ON "free_time_tariffs" USING btree ("account_id","scac");--> statement-breakpoint
CREATE INDEX "containers_free_time_idx" ON "containers" USING btree ("account_id") WHERE pod_discharged_at is not null and empty_terminated_at is null;--> statement-breakpoint
-- An account's tariffs log the account they change (migration 0010's data_changes): every container answer kept in
-- memory counts its demurrage and detention by them, and is dropped in every process once a tariff changes.
CREATE TRIGGER free_time_tariffs_inserted_logged AFTER INSERT ON free_time_tariffs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_account_data_new();--> statement-breakpoint
CREATE TRIGGER free_time_tariffs_updated_logged AFTER UPDATE ON free_time_tariffs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_account_data_new();--> statement-breakpoint
CREATE TRIGGER free_time_tariffs_deleted_logged AFTER DELETE ON free_time_tariffs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_account_data_old();
