-- Counted free time kept (issue 29, the charges sort at scale): each container whose demurrage or detention may run
-- has a row of its counted figures (money at risk, charged so far, per currency, the detention alarm) with the span of
-- service-clock time in which they hold, so that `sort=charges`, `filter[charges]`, `filter[detention]` and the
-- summary's money at risk read an index instead of counting every such container per request (db/free-time.ts).
-- Triggers keep the rows true: a container entering the running set gets a row to be counted; a change to any column
-- the rule reads marks it (valid_until -infinity, version + 1); leaving the set deletes it; a change to the account's
-- tariffs marks all of the account's. The service counts marked and run-out rows at the next read.
CREATE TABLE "container_free_time" (
	"container_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"at_risk" double precision DEFAULT 0 NOT NULL,
	"so_far" double precision DEFAULT 0 NOT NULL,
	"at_risk_amounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"detention_alarm" text DEFAULT 'none' NOT NULL,
	"valid_from" timestamp with time zone DEFAULT '-infinity' NOT NULL,
	"valid_until" timestamp with time zone DEFAULT '-infinity' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "container_free_time" ADD CONSTRAINT "container_free_time_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_free_time" ADD CONSTRAINT "container_free_time_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "container_free_time_valid_until_idx" ON "container_free_time" USING btree ("account_id","valid_until");--> statement-breakpoint
CREATE INDEX "container_free_time_valid_from_idx" ON "container_free_time" USING btree ("account_id","valid_from");--> statement-breakpoint
CREATE INDEX "container_free_time_at_risk_idx" ON "container_free_time" USING btree ("account_id","at_risk" DESC NULLS LAST,"so_far" DESC NULLS LAST,"container_id") WHERE at_risk > 0;--> statement-breakpoint
CREATE FUNCTION container_free_time_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.pod_discharged_at IS NOT NULL AND NEW.empty_terminated_at IS NULL THEN
    INSERT INTO container_free_time (container_id, account_id) VALUES (NEW.id, NEW.account_id)
      ON CONFLICT (container_id) DO UPDATE
        SET valid_until = '-infinity', version = container_free_time.version + 1;
  ELSE
    DELETE FROM container_free_time WHERE container_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER containers_free_time_inserted AFTER INSERT ON containers FOR EACH ROW
  WHEN (NEW.pod_discharged_at IS NOT NULL AND NEW.empty_terminated_at IS NULL)
  EXECUTE FUNCTION container_free_time_follows();--> statement-breakpoint
-- Only an update of what the rule reads (src/api/free-time.ts freeTimeFactsOf and its place), of a container that is
-- or was running, does anything: the engine's other updates pass by the WHEN clause.
CREATE TRIGGER containers_free_time_updated AFTER UPDATE ON containers FOR EACH ROW
  WHEN (
    ((OLD.pod_discharged_at IS NOT NULL AND OLD.empty_terminated_at IS NULL)
      OR (NEW.pod_discharged_at IS NOT NULL AND NEW.empty_terminated_at IS NULL))
    AND (OLD.equipment_length, OLD.equipment_type, OLD.pod_discharged_at, OLD.pod_full_out_at,
      OLD.final_destination_full_out_at, OLD.empty_terminated_at, OLD.pod_rail_departed_at, OLD.ind_ata_at,
      OLD.ind_rail_unloaded_at, OLD.shipment_pod_time_zone, OLD.shipment_destination_time_zone, OLD.last_free_day_at,
      OLD.shipment_shipping_line_id, OLD.shipment_port_of_discharge_id, OLD.pod_terminal_id)
    IS DISTINCT FROM (NEW.equipment_length, NEW.equipment_type, NEW.pod_discharged_at, NEW.pod_full_out_at,
      NEW.final_destination_full_out_at, NEW.empty_terminated_at, NEW.pod_rail_departed_at, NEW.ind_ata_at,
      NEW.ind_rail_unloaded_at, NEW.shipment_pod_time_zone, NEW.shipment_destination_time_zone, NEW.last_free_day_at,
      NEW.shipment_shipping_line_id, NEW.shipment_port_of_discharge_id, NEW.pod_terminal_id))
  EXECUTE FUNCTION container_free_time_follows();--> statement-breakpoint
CREATE FUNCTION container_free_time_follows_tariffs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE container_free_time f SET valid_until = '-infinity', version = f.version + 1
    WHERE f.account_id IN (SELECT DISTINCT account_id FROM changed_tariffs);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER free_time_tariffs_inserted_recount AFTER INSERT ON free_time_tariffs
  REFERENCING NEW TABLE AS changed_tariffs FOR EACH STATEMENT EXECUTE FUNCTION container_free_time_follows_tariffs();--> statement-breakpoint
CREATE TRIGGER free_time_tariffs_updated_recount AFTER UPDATE ON free_time_tariffs
  REFERENCING NEW TABLE AS changed_tariffs FOR EACH STATEMENT EXECUTE FUNCTION container_free_time_follows_tariffs();--> statement-breakpoint
CREATE TRIGGER free_time_tariffs_deleted_recount AFTER DELETE ON free_time_tariffs
  REFERENCING OLD TABLE AS changed_tariffs FOR EACH STATEMENT EXECUTE FUNCTION container_free_time_follows_tariffs();--> statement-breakpoint
-- The containers running now, to be counted at their account's next read.
INSERT INTO container_free_time (container_id, account_id)
  SELECT id, account_id FROM containers WHERE pod_discharged_at IS NOT NULL AND empty_terminated_at IS NULL;
